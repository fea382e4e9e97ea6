import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { TEXTS } from '../../shared/texts'
import { useAppAndBrowser } from './helpers/app'
import { openPage, type TestPage } from './helpers/browser'
import { ADA, chatTitle, messageInLog, storedInLog } from './helpers/pair'
import { sidebarRoom } from './helpers/rooms'
import { onboardViaApi } from './helpers/register-api'
import { signedInMarker } from './helpers/users'
import { isFocused } from './helpers/focus'
import { isRetry } from './helpers/attempts'

// The signed-in layout with the keyboard alone: the skip link and the main landmark, the profile
// menu, the create-room panel as a modal dialog, and the composer taking focus in an opened room.
const app = useAppAndBrowser()
let tab: TestPage
// A name and a text of one attempt only: a retry finds the first attempt's room (a second of
// the same name is refused) and message.
let attempt = 0
let kitchen = ''

beforeAll(async () => {
  tab = await openPage(app.chrome.browser)
  await onboardViaApi(tab.page, app.server.url, ADA)
}, 120_000)

/** Presses Tab until `target` has focus, as a keyboard user would (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`${max} Tab presses never reached ${target}`)
}

/**
 * Sends three messages of this attempt from the keyboard and waits until all are stored: a message
 * still "Sending…" has no "⋯" yet, so it is no stop of the log (one loaded CI run's Tab landed on
 * the one before). The cursor goes to the composer first: a retry starts wherever its first
 * attempt left the focus.
 */
async function sendThree(page: Page) {
  const tag = `#${++attempt}`
  const texts = ['First', 'Second', 'Third'].map((t) => `${t} by keyboard ${tag}`)
  await page.getByRole('textbox', { name: 'Message' }).focus()
  for (const text of texts) {
    await page.keyboard.type(text)
    await page.keyboard.press('Enter')
    await messageInLog(page, text).waitFor()
  }
  for (const text of texts) await storedInLog(page, text).waitFor()
  return texts
}

/** True when the element, or one of its ancestors, is inert (out of reach of keys and clicks). */
const isInert = (locator: Locator) => locator.evaluate((el) => !!el.closest('[inert]'))

describe('a person without a partner yet', () => {
  it("gets the page with its data in it all the same (the partner's answer is an empty 204)", async () => {
    const res = await tab.page.context().request.get(app.server.url)
    const json = /<script type="application\/json" id="first-load">(.*?)<\/script>/s.exec(
      await res.text(),
    )?.[1]
    expect(json).toBeDefined()
    const data = JSON.parse(json!) as { account: { email: string }; chatee: unknown }
    expect(data.account.email).toBe(ADA.email)
    expect(data.chatee).toBeNull()
  })
})

describe('keyboard and landmarks', () => {
  it('a fresh page starts with "Skip to messages", which lands in the log inside <main>', async () => {
    const { page } = tab
    await page.reload()
    await signedInMarker(page).waitFor()
    await chatTitle(page, 'Home')
    await page.getByRole('log').waitFor()
    expect(await page.getByRole('main').count()).toBe(1)
    expect(await page.getByRole('main').getByRole('log').count()).toBe(1)

    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to messages' })
    expect(await isFocused(skip)).toBe(true)
    // Shown while focused, inside the viewport.
    const box = await skip.boundingBox()
    expect(box && box.y >= 0 && box.x >= 0 && box.height > 0).toBe(true)
    await page.keyboard.press('Enter')
    expect(await isFocused(page.getByRole('log', { name: 'Messages in Home' }))).toBe(true)
    // Its ring is on the box that shows it, inside the window: the log runs past the view.
    const scroller = page.locator('.message-scroll')
    expect(await scroller.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid')
    const ring = (await scroller.boundingBox())!
    expect(ring.y >= 0 && ring.y + ring.height <= page.viewportSize()!.height).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/')
  })

  it('Escape or Tab closes the profile menu and gives focus back to its button', async () => {
    const { page } = tab
    const button = page.getByRole('button', { name: 'Profile menu' })
    await tabTo(page, button)
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu', { name: 'Profile' })
    await menu.waitFor()
    expect(await isFocused(menu.getByRole('menuitem', { name: 'View Profile' }))).toBe(true)
    await page.keyboard.press('ArrowDown')
    expect(await isFocused(menu.getByRole('menuitem', { name: 'Settings' }))).toBe(true)
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'detached' })
    expect(await isFocused(button)).toBe(true)
    await page.keyboard.press('Enter')
    await menu.waitFor()
    await page.keyboard.press('Tab')
    await menu.waitFor({ state: 'detached' })
    expect(await isFocused(button)).toBe(true)
    // Settings from the menu: the page's heading has the focus, and the tab's title names it.
    await page.keyboard.press('Enter')
    await menu.waitFor()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const heading = page.getByRole('heading', { level: 1, name: 'Settings' })
    await heading.waitFor()
    await expect.poll(() => isFocused(heading)).toBe(true)
    expect(await page.title()).toBe('Settings · Kathelia')
    await page.goBack()
    await chatTitle(page, 'Home')
    expect(await page.title()).toBe('Kathelia')
  })

  it('the create-room panel keeps focus, makes the page inert, and Escape returns to the plus button', async () => {
    const { page } = tab
    const plus = page.getByRole('button', { name: TEXTS.createRoomTitle })
    await tabTo(page, plus)
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: TEXTS.createRoomTitle })
    await panel.waitFor()
    const name = panel.getByRole('textbox', { name: 'Room name' })
    await expect.poll(() => isFocused(name)).toBe(true)
    expect(await isInert(plus)).toBe(true)
    expect(await isInert(page.getByRole('button', { name: 'Profile menu' }))).toBe(true)
    expect(await isInert(page.getByRole('textbox', { name: 'Message' }))).toBe(true)
    expect(await page.getByRole('link', { name: 'Skip to messages' }).count()).toBe(0)

    // Round and round, forwards and backwards: focus never leaves the panel.
    const inPanel = () => panel.evaluate((el) => el.contains(document.activeElement))
    for (const key of [...Array(8).fill('Tab'), ...Array(8).fill('Shift+Tab')]) {
      await page.keyboard.press(key)
      expect(await inPanel()).toBe(true)
    }
    await tabTo(page, name)
    await page.keyboard.press('Shift+Tab')
    expect(await isFocused(panel.getByRole('button', { name: 'Close panel' }))).toBe(true)
    await page.keyboard.press('Shift+Tab')
    expect(await isFocused(panel.getByRole('button', { name: 'Create room' }))).toBe(true)
    await page.keyboard.press('Tab')
    expect(await isFocused(panel.getByRole('button', { name: 'Close panel' }))).toBe(true)

    await tabTo(page, name)
    kitchen = `Kitchen ${++attempt}`
    await page.keyboard.type(kitchen)
    await page.keyboard.press('Enter')
    await panel
      .getByRole('status')
      .filter({ hasText: `The room “${kitchen}” was created.` })
      .waitFor()
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(await isFocused(plus)).toBe(true)
    expect(await isInert(plus)).toBe(false)
  })

  it('opening a room from the keyboard puts the cursor in its composer', async (ctx) => {
    const { page } = tab
    // A retry finds the room open already: it starts from Home.
    if (isRetry(ctx)) {
      await sidebarRoom(page, 'Home').click()
      await chatTitle(page, 'Home')
    }
    const link = sidebarRoom(page, kitchen)
    await tabTo(page, link)
    await page.keyboard.press('Enter')
    await chatTitle(page, kitchen)
    const composer = page.getByRole('textbox', { name: 'Message' })
    await expect.poll(() => isFocused(composer)).toBe(true)
    const text = `Typed without a click #${++attempt}`
    await page.keyboard.type(text)
    await page.keyboard.press('Enter')
    await messageInLog(page, text).waitFor()
  })

  it('the messages are one Tab stop: arrows move between them, Tab goes on past them', async (ctx) => {
    const { page } = tab
    // The log remembers the message used last for the page's life: a retry starts on a new page.
    if (isRetry(ctx)) {
      await page.reload()
      await chatTitle(page, kitchen)
    }
    const texts = await sendThree(page)
    const composer = page.getByRole('textbox', { name: 'Message' })
    const log = page.getByRole('log')
    // The message whose "⋯" has focus, or null when the focus is elsewhere.
    const focusedMessage = () =>
      page.evaluate(() => {
        const el = document.activeElement
        if (!el?.matches('.msg-menu-button')) return null
        return el.closest('.msg')?.querySelector('.msg-text')?.textContent ?? null
      })
    const inLog = () => log.evaluate((el) => el.contains(document.activeElement))

    // The log's keys are a chunk started once the room has settled.
    const started = () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => e.name.includes('log-keys')),
      )
    await expect.poll(started).toBe(true)
    // Back from the composer (past its own buttons), the first stop is the newest message.
    const backIntoLog = async () => {
      for (let i = 0; i < 5 && !(await inLog()); i++) await page.keyboard.press('Shift+Tab')
    }
    expect(await isFocused(composer)).toBe(true)
    // Tabbed into from above while far up the room: the newest message comes into view with its
    // ring clear of the edge.
    await log.evaluate((el) => (el.closest('.message-scroll')!.scrollTop = 0))
    await page.getByRole('searchbox', { name: 'Search messages' }).focus()
    for (let i = 0; i < 8 && !(await inLog()); i++) await page.keyboard.press('Tab')
    expect(await focusedMessage()).toBe(texts[2])
    const ringGap = await page.evaluate(() => {
      const bubble = document.activeElement!.closest('.msg')!.querySelector('.bubble')!
      const box = bubble.closest('.message-scroll')!.getBoundingClientRect()
      return box.bottom - bubble.getBoundingClientRect().bottom
    })
    // The ring is 2 px wide, 2 px off the bubble.
    expect(ringGap).toBeGreaterThanOrEqual(4)
    // A screen reader hears which message: the "⋯" is described by its text.
    const description = await page.evaluate(() => {
      const ids = document.activeElement?.getAttribute('aria-describedby') ?? ''
      return ids.split(' ').map((id) => document.getElementById(id)?.textContent)
    })
    expect(description).toEqual([texts[2]])
    await page.keyboard.press('ArrowUp')
    expect(await focusedMessage()).toBe(texts[1])
    await page.keyboard.press('ArrowUp')
    expect(await focusedMessage()).toBe(texts[0])
    await page.keyboard.press('ArrowDown')
    expect(await focusedMessage()).toBe(texts[1])
    // The message the keyboard is on is marked as a whole, the others are not.
    const outlines = await Promise.all(
      texts.map((text) =>
        messageInLog(page, text).evaluate(
          (el) => getComputedStyle(el.closest('.bubble')!).outlineStyle,
        ),
      ),
    )
    expect(outlines).toEqual(['none', 'solid', 'none'])
    // Enter opens that message's menu; Escape gives the focus back to its "⋯".
    await page.keyboard.press('Enter')
    await page.getByRole('menu', { name: 'Message actions' }).waitFor()
    await page.keyboard.press('Escape')
    expect(await focusedMessage()).toBe(texts[1])

    // One Tab leaves the log, and the composer follows without passing another message.
    await page.keyboard.press('Tab')
    expect(await inLog()).toBe(false)
    await tabTo(page, composer, 5)
    // Back in: the message used last, then out before the log.
    await backIntoLog()
    expect(await focusedMessage()).toBe(texts[1])
    await page.keyboard.press('Shift+Tab')
    expect(await inLog()).toBe(false)
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true)
  })

  it('the menu gives the focus back: after Tab, Copy text, and Delete (to the next message)', async () => {
    const { page } = tab
    // Messages of its own: the test before deleted none, but a retry of this one finds its
    // first attempt's second message deleted.
    const texts = await sendThree(page)
    const focusedMessage = () =>
      page.evaluate(() => {
        const el = document.activeElement
        if (!el?.matches('.msg-menu-button')) return null
        return el.closest('.msg')?.querySelector('.msg-text')?.textContent ?? null
      })
    const menu = page.getByRole('menu', { name: 'Message actions' })
    /** Opens the focused message's menu and picks `name` with the arrow keys. */
    async function choose(name: string) {
      await page.keyboard.press('Enter')
      const item = menu.getByRole('menuitem', { name, exact: true })
      await item.waitFor()
      for (let i = 0; i < 8 && !(await isFocused(item)); i++) await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
    }
    await page
      .getByRole('log')
      .locator('.msg')
      .filter({ hasText: texts[1] })
      .getByRole('button', { name: 'Message actions' })
      .focus()

    // Tab in an open menu closes it, as Escape does.
    await page.keyboard.press('Enter')
    await menu.waitFor()
    await page.keyboard.press('Tab')
    await menu.waitFor({ state: 'detached' })
    expect(await focusedMessage()).toBe(texts[1])
    await choose('Copy text')
    await menu.waitFor({ state: 'detached' })
    expect(await focusedMessage()).toBe(texts[1])
    // Delete starts on Cancel; the deleted message keeps no "⋯", so the next one takes the focus.
    await choose('Delete')
    const confirm = page.getByRole('alertdialog', { name: 'Delete message' })
    await confirm.waitFor()
    expect(await isFocused(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true)
    // Cancel first, Delete after it, as the room's options have them.
    await page.keyboard.press('Tab')
    expect(await isFocused(confirm.getByRole('button', { name: 'Delete' }))).toBe(true)
    await page.keyboard.press('Enter')
    await confirm.waitFor({ state: 'detached' })
    await expect.poll(focusedMessage).toBe(texts[2])
    await messageInLog(page, texts[1]).waitFor({ state: 'detached' })
    // Up past the deleted one; at the room's beginning, further presses leave the view alone.
    await page.keyboard.press('ArrowUp')
    expect(await focusedMessage()).toBe(texts[0])
    // A low window, so the room scrolls.
    const scroller = page.locator('.message-scroll')
    const before = page.viewportSize()!
    await page.setViewportSize({ width: before.width, height: 360 })
    onTestFinished(() => page.setViewportSize(before))
    // The room settled in its new height first (a reader at the bottom is kept there as the box
    // changes size, use-chat-scroll.ts): what follows is about the keys, not the resize.
    await page.evaluate(
      () =>
        new Promise((r) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))),
        ),
    )
    expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowUp')
    const top = await scroller.evaluate((el) => el.scrollTop)
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(top)
    const shown = await page.evaluate(() => {
      const el = document.activeElement!.closest('.msg')!.getBoundingClientRect()
      const area = document.querySelector('.message-scroll')!.getBoundingClientRect()
      return el.top >= area.top && el.bottom <= area.bottom
    })
    expect(shown).toBe(true)
  })
})
