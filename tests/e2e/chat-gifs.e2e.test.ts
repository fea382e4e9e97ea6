import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GIF_KEY, startGifService } from '../fixtures/gif-service'
import { solidPng } from '../fixtures/png'
import { chatTitle, messageInLog, messageLog, sendMessage, useOnboardedPair } from './helpers/pair'

// GIFs and image thumbnails with Ada and Ben in two browser contexts. GIF search answers from a
// local Tenor v2 contract server started here; its media host is reached only by the Worker.
const gifs = await startGifService('tenor')
const pair = useOnboardedPair({
  GIF_PROVIDER: 'tenor',
  GIF_API_URL: gifs.url,
  GIF_API_KEY: GIF_KEY,
})
const direct: string[] = []
// Texts of one attempt only: a retry finds the first attempt's messages in the room.
let attempt = 0
beforeAll(() => {
  for (const { page } of [pair.ada, pair.ben])
    page.context().on('request', (r) => {
      if (r.url().startsWith(gifs.url)) direct.push(r.url())
    })
})
afterAll(async () => {
  expect(gifs.wrong).toEqual([])
  await gifs.close()
})

const gifButton = (page: Page) => page.getByRole('button', { name: 'Send a GIF' })
const picker = (page: Page) => page.getByRole('dialog', { name: 'Choose a GIF' })
const tiles = (page: Page) => picker(page).getByRole('list', { name: 'GIFs' }).getByRole('button')
const gifsIn = (page: Page) => messageLog(page).locator('.msg-gif img')
const naturalWidth = (page: Page, i: number) =>
  gifsIn(page)
    .nth(i)
    .evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))

async function search(page: Page, q: string) {
  await gifButton(page).click()
  await picker(page).getByRole('searchbox', { name: 'Search GIFs' }).fill(q)
  await expect.poll(() => tiles(page).count(), { timeout: 15_000 }).toBe(2)
}

describe('GIFs', () => {
  it('searches, moves with the keyboard, closes on Escape, and sends one that plays for both', async () => {
    const { ada, ben } = pair
    await search(ada.page, 'cats')
    // The small renditions load, through the Worker.
    const preview = tiles(ada.page).first().locator('img')
    await expect
      .poll(() => preview.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(1)
    expect(await preview.getAttribute('src')).toMatch(/^blob:/)
    expect(await tiles(ada.page).first().getAttribute('aria-label')).toBe('cats gif cats-1')

    const box = picker(ada.page).getByRole('searchbox', { name: 'Search GIFs' })
    await box.press('ArrowDown')
    const focused = () =>
      ada.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))
    expect(await focused()).toBe('cats gif cats-1')
    await ada.page.keyboard.press('ArrowRight')
    expect(await focused()).toBe('cats gif cats-2')
    await ada.page.keyboard.press('Escape')
    await picker(ada.page).waitFor({ state: 'detached' })
    expect(await focused()).toBe('Send a GIF')

    await search(ada.page, 'cats')
    await tiles(ada.page).nth(1).focus()
    await ada.page.keyboard.press('Enter')
    await picker(ada.page).waitFor({ state: 'detached' })
    for (const { page } of [ada, ben]) {
      await gifsIn(page).first().waitFor({ timeout: 20_000 })
      await expect.poll(() => naturalWidth(page, 0), { timeout: 15_000 }).toBe(1)
      expect(await gifsIn(page).first().getAttribute('src')).toMatch(/^blob:/)
    }
    const asked = gifs.requests.filter((r) => r.path === '/media/cats-2/full.gif')
    expect(asked.length).toBeGreaterThanOrEqual(1)
    // Neither browser ever asked the GIF service or its media host itself.
    expect(direct).toEqual([])
  })

  it('on a phone the picker fits the screen and leaves the room where it was', async () => {
    const { page } = pair.ben
    const before = page.viewportSize()!
    await page.setViewportSize({ width: 390, height: 844 })
    try {
      await search(page, 'dogs')
      await picker(page).getByRole('searchbox', { name: 'Search GIFs' }).focus()
      const box = (await picker(page).boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
      // Nothing scrolled sideways: the room's area and the page are as wide as the screen.
      const sideways = await page.evaluate(() =>
        [document.scrollingElement!, document.querySelector('main')!].map(
          (el) => el.scrollLeft + Math.max(0, el.scrollWidth - el.clientWidth),
        ),
      )
      expect(sideways).toEqual([0, 0])
      await page.keyboard.press('Escape')
      await picker(page).waitFor({ state: 'detached' })
    } finally {
      await page.setViewportSize(before)
    }
  })

  it('a GIF chosen while the API is unreachable is queued and sent once when back', async () => {
    const { ada, ben } = pair
    const after = `After the queued GIF #${++attempt}`
    // The GIFs Ben has already, the first test's and any a first attempt of this one sent.
    const before = await gifsIn(ben.page).count()
    await ada.page.route('**/api/message/add', (route) => route.abort('internetdisconnected'))
    await search(ada.page, 'cats')
    await tiles(ada.page).first().click()
    const notSent = messageLog(ada.page).getByRole('alert').filter({ hasText: 'Not sent.' })
    await notSent.waitFor({ timeout: 15_000 })
    await ada.page.unroute('**/api/message/add')
    await ada.page.context().setOffline(true)
    await ada.page.context().setOffline(false)
    await expect.poll(() => notSent.count(), { timeout: 20_000 }).toBe(0)
    // Events arrive in order: once Ben has this text, a second copy would have reached him.
    await sendMessage(ada.page, after)
    await messageInLog(ben.page, after).waitFor()
    expect(await gifsIn(ben.page).count()).toBe(before + 1)
    await expect.poll(() => naturalWidth(ben.page, before), { timeout: 15_000 }).toBe(1)
    expect(direct).toEqual([])
  })
})

describe('image thumbnails', () => {
  it('uploads a 640 px WebP beside the original; the bubble shows it, a click opens the original', async () => {
    const { ada, ben } = pair
    await chatTitle(ben.page, 'Home')
    const uploads: string[] = []
    ada.page.on('request', (r) => {
      if (r.method() === 'POST' && /\/v1\/storage\/buckets\/files\/files$/.test(r.url()))
        uploads.push(r.url())
    })
    const png = {
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: solidPng(1600, 900, [20, 120, 200]),
    }
    const chooser = ada.page.waitForEvent('filechooser')
    await ada.page.getByRole('button', { name: 'Attach a file' }).click()
    await (await chooser).setFiles(png)
    const box = ada.page.getByRole('textbox', { name: 'Message' })
    const caption = `Wide sky #${++attempt}`
    await box.pressSequentially(caption)
    await box.press('Enter')

    const bubble = messageLog(ben.page).locator('.msg').filter({ hasText: caption })
    const image = bubble.getByRole('img', { name: 'wide.png' })
    await image.waitFor({ timeout: 20_000 })
    await expect
      .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(640)
    expect(uploads).toHaveLength(2)
    const shown = (await image.getAttribute('src'))!
    const original = (await bubble.getByRole('link').getAttribute('href'))!
    expect(shown).not.toBe(original)
    const read = (url: string) =>
      ben.page.evaluate(async (u) => {
        const res = await fetch(u)
        const bitmap = await createImageBitmap(await res.blob())
        return { type: res.headers.get('content-type'), width: bitmap.width, height: bitmap.height }
      }, url)
    expect(await read(shown)).toEqual({ type: 'image/webp', width: 640, height: 360 })
    expect(await read(original)).toEqual({ type: 'image/png', width: 1600, height: 900 })

    // Deleting the message deletes both files.
    const mine = messageLog(ada.page).locator('.msg').filter({ hasText: caption })
    await mine.hover()
    await mine.getByRole('button', { name: 'Message actions' }).click()
    await ada.page.getByRole('menuitem', { name: 'Delete' }).click()
    await ada.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    const status = (url: string) =>
      ben.page.evaluate(async (u) => (await fetch(u, { cache: 'no-store' })).status, url)
    await expect.poll(() => status(shown), { timeout: 15_000 }).toBe(404)
    expect(await status(original)).toBe(404)
  })
})
