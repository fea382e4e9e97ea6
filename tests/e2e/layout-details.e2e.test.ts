import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { APP_VERSION } from '../../shared/constants'
import { withServerKey } from './helpers/app'
import { apiAs } from './helpers/page-api'
import { setAdminView, useOnboardedPair } from './helpers/pair'

// The signed-in layout's smaller promises (spec sections 2 and 3): avatars by list, the version
// badge, the navigation's active item, the profile menu, the sidebar's room order.
const REPOSITORY_URL = 'https://git.example/kathelia'
const pair = useOnboardedPair({ REPOSITORY_URL })
let roomAttempt = 0
// A retry saves another name: the one before is Ben's already, and saving it again is no change.
const newNames = ['Benjamin Franklin', 'Benjamin F. Franklin']

// An SVG as the build inlines it (single quotes, no whitespace between tags) or as served.
const svgText = (svg: string) =>
  svg.replace(/"/g, "'").replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim()
const avatarImage = (list: string) =>
  svgText(readFileSync(new URL(`../../web/assets/avatar-${list}.svg`, import.meta.url), 'utf8'))

/**
 * The avatar inside `scope`: its list, its text alternative, whether its image is the list's, and
 * its drawn width (its box, with no image inside to size it).
 */
async function avatarIn(page: Page, scope: string) {
  const shown = await page
    .locator(scope)
    .locator('.avatar')
    .evaluate(async (el) => {
      // avatar.css draws the list's image: a data URL (inlined by the build) or the file's path.
      const url = /url\("(.*)"\)/.exec(getComputedStyle(el).backgroundImage)?.[1]
      return {
        list: el.getAttribute('data-list') ?? '',
        alt: el.getAttribute('role') === 'img' ? el.getAttribute('aria-label') : null,
        svg: url ? await (await fetch(url)).text() : '',
        size: Math.round(el.getBoundingClientRect().width),
      }
    })
  const image = svgText(shown.svg) === avatarImage(shown.list)
  return { list: shown.list, alt: shown.alt, image, size: shown.size }
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' })
const navLink = (page: Page, name: string) =>
  sidebar(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name })
const currentNav = async (page: Page) =>
  (await sidebar(page).locator('nav [aria-current="page"]').allTextContents()).map((t) => t.trim())

describe('the signed-in layout', () => {
  it("shows each person's avatar by the list their email is on", async () => {
    const { ada, ben } = pair
    const chatee = '[aria-label="Chat partner"]'
    const own = 'button[aria-label="Profile menu"]'
    await expect
      .poll(() => avatarIn(ada.page, chatee))
      .toEqual({ list: 'special', alt: 'BF', image: true, size: 36 })
    await expect
      .poll(() => avatarIn(ben.page, chatee))
      .toEqual({ list: 'admin', alt: 'AL', image: true, size: 36 })
    const ownAvatar = { image: true, size: 32 }
    expect(await avatarIn(ada.page, own)).toEqual({ list: 'admin', alt: 'AL', ...ownAvatar })
    expect(await avatarIn(ben.page, own)).toEqual({ list: 'special', alt: 'BF', ...ownAvatar })
  })

  it('the version badge links to the release tag for the admin view only', async () => {
    const { ada, ben } = pair
    const badge = (page: Page) =>
      sidebar(page).locator('footer').getByText(APP_VERSION, { exact: true })
    const isLink = (page: Page) => badge(page).evaluate((el) => el.tagName === 'A')
    // A retry may find the admin view the first attempt turned on.
    await setAdminView(ada.page, false)
    expect(await isLink(ben.page)).toBe(false)
    expect(await isLink(ada.page)).toBe(false)
    await setAdminView(ada.page, true)
    const link = sidebar(ada.page).getByRole('link', { name: APP_VERSION })
    expect(await link.getAttribute('href')).toBe(`${REPOSITORY_URL}/releases/tag/v${APP_VERSION}`)
    await setAdminView(ada.page, false)
    await expect.poll(() => isLink(ada.page)).toBe(false)
  })

  it('marks the active navigation item: Home on / and the home room, Bookmarks on its page', async () => {
    const { page, problems } = pair.ben
    expect(await currentNav(page)).toEqual(['Home'])
    await page.goto(new URL('/rooms/home', pair.server.url).toString())
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    expect(await currentNav(page), problems.join('\n')).toEqual(['Home'])
    await navLink(page, 'Bookmarks').click()
    await expect.poll(() => currentNav(page)).toEqual(['Bookmarks'])
    await navLink(page, 'Home').click()
    await expect.poll(() => currentNav(page)).toEqual(['Home'])
  })

  it('the profile menu: View Profile only closes it, Settings opens /settings', async () => {
    const { page } = pair.ben
    const menuButton = page.getByRole('button', { name: 'Profile menu' })
    const menu = page.getByRole('menu', { name: 'Profile' })
    await menuButton.click()
    await menu.getByRole('menuitem', { name: 'View Profile' }).click()
    await menu.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe('/')
    await menuButton.click()
    await menu.getByRole('menuitem', { name: 'Settings' }).click()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/settings')
    expect(await menu.count()).toBe(0)
    await navLink(page, 'Home').click()
  })

  it('lists rooms by name (case-insensitive, without Home) and drops a hard-deleted one live', async () => {
    const { ada, ben } = pair
    const api = apiAs(ada.page, pair.server.url)
    const ids: string[] = []
    // Names of this attempt only: a retry's room of a first attempt's name would be refused, and
    // the lists below leave the first attempt's rooms out.
    const tag = ` ${++roomAttempt}`
    for (const name of ['Zebra', 'apples', 'Garden'].map((n) => n + tag)) {
      const r = await api<{ room: { $id: string } }>('/room/add', {
        name,
        hiddenName: name,
        color: '#336699',
      })
      ids.push(r.room.$id)
    }
    const roomNames = async (page: Page) =>
      (await sidebar(page).locator('.room-list .room-name').allTextContents())
        .filter((name) => name.endsWith(tag))
        .map((name) => name.slice(0, -tag.length))
    for (const page of [ada.page, ben.page])
      await expect.poll(() => roomNames(page)).toEqual(['apples', 'Garden', 'Zebra'])

    const deleted = await withServerKey(
      pair.server.url,
      'DELETE',
      `/tablesdb/kathelia/tables/rooms/rows/${ids[2]}`,
    )
    expect(deleted.status).toBe(204)
    for (const page of [ada.page, ben.page])
      await expect.poll(() => roomNames(page)).toEqual(['apples', 'Zebra'])
  })
  it("Ben's new name in Settings reaches Ada's header live, without a reload", async () => {
    const { ada, ben } = pair
    await ada.page.evaluate(() => Object.assign(window, { __sameDocument: true }))
    await ben.page.getByRole('button', { name: 'Profile menu' }).click()
    await ben.page.getByRole('menuitem', { name: 'Settings' }).click()
    const profile = ben.page.getByRole('region', { name: 'Profile' })
    const newName = newNames.shift()!
    await profile.getByLabel('Display name').fill(newName)
    await profile.getByRole('button', { name: 'Save name' }).click()
    const chateeName = ada.page.getByLabel('Chat partner').locator('.chatee-name')
    await expect.poll(() => chateeName.innerText(), { timeout: 15_000 }).toBe(newName)
    expect(await ada.page.evaluate(() => '__sameDocument' in window)).toBe(true)
  })
})
