import type { Locator, Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { exampleVars } from '../../scripts/local-vars'
import { withServerKey } from './helpers/app'
import { postMessagesAs, rowInView } from './helpers/chat-view'
import { accountIdOf, apiAs, ApiRefusal, jwtOf } from './helpers/page-api'
import { tagged } from './helpers/attempts'
import { chatTitle, messageInLog, messageLog, sendMessage, useOnboardedPair } from './helpers/pair'
import { createRooms, sidebarRoom } from './helpers/rooms'
import { focusedName, isFocused } from './helpers/focus'
import { traceOnFailure } from './helpers/page-trace'

// Reply, react, edit and delete as two people use them (issue 14): through the message menu,
// live for the partner over the one realtime connection, with the server's refusals.
const pair = useOnboardedPair()
let deleteAttempt = 0
let phoneAttempt = 0
let inViewAttempt = 0
// Texts of one attempt only (a retry finds the first attempt's messages), kept for the later
// tests that use the message.
let attempt = 0
let original = ''
let goodNews = ''

const row = (page: Page, text: string): Locator =>
  messageLog(page).locator('.msg').filter({ hasText: text }).last()

/** A toast leaves the top bar (search, profile menu, a phone's menu button) uncovered. */
async function toastBelowTopBar(page: Page, text: string) {
  const toast = page.locator('.Toastify__toast', { hasText: text }).last()
  await toast.waitFor()
  const [box, bar] = await Promise.all([
    toast.boundingBox(),
    page.locator('.top-bar').boundingBox(),
  ])
  expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height)
  // In the app's font, not the library's.
  const font = (el: Element) => getComputedStyle(el).fontFamily
  expect(await toast.evaluate(font)).toBe(await page.locator('body').evaluate(font))
}

/** True when nothing covers the middle of the element. */
const onTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect()
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
  })

/** Opens a stored message's menu (the "⋯" shown on hover) and picks an item. */
async function menu(page: Page, text: string, item: string) {
  const r = row(page, text)
  await r.hover()
  await r.getByRole('button', { name: 'Message actions' }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

const idOf = async (page: Page, text: string) => {
  const r = row(page, text)
  await expect.poll(() => r.getAttribute('data-id'), { timeout: 15_000 }).toBeTruthy()
  return (await r.getAttribute('data-id'))!
}

/**
 * A new room, open for Ada and Ben until the test ends: Home keeps the rows the later tests
 * press on in view.
 */
async function inOwnRoom(name: string) {
  const { ada, ben } = pair
  await createRooms(ada.page, name)
  for (const page of [ada.page, ben.page]) {
    await sidebarRoom(page, name).click()
    await chatTitle(page, name)
  }
  onTestFinished(async () => {
    for (const page of [ada.page, ben.page]) {
      await sidebarRoom(page, 'Home').click()
      await chatTitle(page, 'Home')
    }
  })
}

describe('message actions', () => {
  it('Ben replies through the menu (the quote bar can be cancelled); both see the quote', async () => {
    const { ada, ben } = pair
    original = `Original far back #${++attempt}`
    await sendMessage(ada.page, original)
    await messageInLog(ben.page, original).waitFor()
    await idOf(ben.page, original)
    await menu(ben.page, original, 'Reply')
    const bar = ben.page.locator('.quote-bar')
    await bar.getByText('Replying to Ada Lovelace').waitFor()
    await ben.page.getByRole('button', { name: 'Cancel reply' }).click()
    await bar.waitFor({ state: 'detached' })
    await menu(ben.page, original, 'Reply')
    await bar.getByText(original).waitFor()
    // The reply is part of the room's draft: it survives a reload.
    await ben.page.reload()
    await bar.getByText('Replying to Ada Lovelace').waitFor({ timeout: 30_000 })
    await bar.getByText(original).waitFor()
    await sendMessage(ben.page, 'Sure thing')
    await bar.waitFor({ state: 'detached' })
    const quote = row(ada.page, 'Sure thing').locator('.reply-quote')
    await quote.getByText('You').waitFor()
    expect(await quote.innerText()).toContain(original)
    await row(ben.page, 'Sure thing').locator('.reply-quote').getByText('Ada Lovelace').waitFor()
  })

  it('a click on a quote whose original is not loaded loads older pages and shows it', async () => {
    const { ada, ben, server } = pair
    const originalId = await idOf(ada.page, original)
    const remember = `Remember this? #${++attempt}`
    const filler = Array.from({ length: 110 }, (_, i) => `Filler ${i}`)
    await postMessagesAs(ada.page, server.url, 'home', filler)
    await apiAs(ben.page, server.url)('/message/add', {
      roomId: 'home',
      message: remember,
      replyToId: originalId,
    })
    await ada.page.reload()
    await messageInLog(ada.page, remember).waitFor({ timeout: 30_000 })
    expect(await messageInLog(ada.page, original).count()).toBe(0)
    await row(ada.page, remember).locator('.reply-quote').click()
    const quoted = row(ada.page, original)
    await quoted.waitFor({ timeout: 30_000 })
    await expect.poll(() => quoted.getAttribute('data-highlighted')).toBe('true')
    await expect.poll(() => rowInView(quoted)).toBe(true)
    // Far up, "↓" goes back to the newest: where the next tests expect Ada. Up there her room
    // draws only the rows near the view, so a new message would not be in the page at all.
    await ada.page.getByRole('button', { name: 'Go to the newest message' }).click()
    await expect.poll(() => rowInView(row(ada.page, remember))).toBe(true)
  })

  it('reactions: set from the picker or any emoji, counted with names, toggled live', async () => {
    const { ada, ben } = pair
    traceOnFailure({ ada: ada.page, ben: ben.page })
    goodNews = `Good news everyone #${++attempt}`
    await sendMessage(ben.page, goodNews)
    await messageInLog(ada.page, goodNews).waitFor()
    await idOf(ada.page, goodNews)
    await menu(ada.page, goodNews, 'React')
    await ada.page.getByRole('button', { name: 'React with 👍' }).click()
    const benRow = row(ben.page, goodNews)
    await benRow.getByRole('button', { name: '👍 1: Ada Lovelace' }).click()
    await row(ada.page, goodNews).getByRole('button', { name: '👍 2: You, Ben Franklin' }).waitFor()
    // The count in the text's font: an emoji font draws digits as wide grey keycaps.
    const fonts = await row(ada.page, goodNews)
      .locator('.reaction-count')
      .evaluate((el) => [
        getComputedStyle(el).fontFamily,
        getComputedStyle(document.body).fontFamily,
      ])
    expect(fonts[0]).toBe(fonts[1])
    await menu(ada.page, goodNews, 'React')
    await ada.page.getByRole('textbox', { name: 'Any emoji' }).fill('🦄')
    await ada.page.getByRole('textbox', { name: 'Any emoji' }).press('Enter')
    await benRow.getByRole('button', { name: '🦄 1: Ada Lovelace' }).waitFor()
    // Taking a reaction back: Ada's 👍 goes, for Ben too.
    await row(ada.page, goodNews).getByRole('button', { name: /^👍 2/ }).click()
    await benRow.getByRole('button', { name: '👍 1: You' }).waitFor()
    expect(
      await benRow.getByRole('button', { name: '👍 1: You' }).getAttribute('aria-pressed'),
    ).toBe('true')
  })

  it("the menu's first row reacts at one tap; a given one is checked, and a tap takes it back", async () => {
    const { ada, ben } = pair
    const text = `Quick one #${++attempt}`
    await sendMessage(ben.page, text)
    await messageInLog(ada.page, text).waitFor()
    await idOf(ada.page, text)
    const open = async () => {
      await row(ada.page, text).hover()
      await row(ada.page, text).getByRole('button', { name: 'Message actions' }).click()
      return ada.page.getByRole('group', { name: 'Quick reactions' })
    }
    let quick = await open()
    // The menu still starts on Reply; up from it is the row, along which left and right move
    // (round within it), and down goes back to the items.
    const focused = () => focusedName(ada.page)
    await expect.poll(focused).toBe('Reply')
    await ada.page.keyboard.press('ArrowUp')
    expect(await focused()).toBe('React with 👍')
    await ada.page.keyboard.press('ArrowLeft')
    expect(await focused()).toBe('React with 🙏')
    await ada.page.keyboard.press('ArrowLeft')
    expect(await focused()).toBe('React with 😢')
    await ada.page.keyboard.press('ArrowDown')
    expect(await focused()).toBe('Reply')
    const heart = quick.getByRole('menuitemcheckbox', { name: 'React with ❤️' })
    expect(await heart.getAttribute('aria-checked')).toBe('false')
    await heart.click()
    await quick.waitFor({ state: 'detached' })
    await row(ben.page, text).getByRole('button', { name: '❤️ 1: Ada Lovelace' }).waitFor()
    quick = await open()
    expect(
      await quick
        .getByRole('menuitemcheckbox', { name: 'React with ❤️' })
        .getAttribute('aria-checked'),
    ).toBe('true')
    await quick.getByRole('menuitemcheckbox', { name: 'React with ❤️' }).click()
    await row(ben.page, text).getByRole('button', { name: /^❤️/ }).waitFor({ state: 'detached' })
  })

  it('offline, a reaction shows at once and goes once the connection is back; one taken back meanwhile never goes', async () => {
    const { ada, ben } = pair
    const text = `Offline hearts #${++attempt}`
    await sendMessage(ben.page, text)
    await messageInLog(ada.page, text).waitFor()
    await idOf(ada.page, text)
    const waiting = () =>
      ada.page.evaluate(
        () => Object.keys(localStorage).filter((k) => k.startsWith('kathelia-actions:')).length,
      )
    const context = ada.page.context()
    await context.setOffline(true)
    try {
      await menu(ada.page, text, 'React')
      await ada.page.getByRole('button', { name: 'React with ❤️' }).click()
      const heart = row(ada.page, text).getByRole('button', { name: '❤️ 1: You' })
      await heart.waitFor()
      expect(await heart.getAttribute('aria-pressed')).toBe('true')
      // 👍 set and taken back before the connection returns: nothing of it goes.
      await menu(ada.page, text, 'React')
      await ada.page.getByRole('button', { name: 'React with 👍' }).click()
      await row(ada.page, text).getByRole('button', { name: '👍 1: You' }).click()
      await row(ada.page, text).getByRole('button', { name: /^👍/ }).waitFor({ state: 'detached' })
      expect(await waiting()).toBe(1)
      expect(await ada.page.getByText('Reaction not saved').count()).toBe(0)
    } finally {
      await context.setOffline(false)
    }
    await row(ben.page, text).getByRole('button', { name: '❤️ 1: Ada Lovelace' }).waitFor()
    await expect.poll(waiting).toBe(0)
    expect(await row(ben.page, text).getByRole('button', { name: /^👍/ }).count()).toBe(0)
    expect(await row(ada.page, text).getByRole('button', { name: '❤️ 1: You' }).count()).toBe(1)
  })

  it('offline, an edit and a delete show at once and go once the connection is back; one refused meanwhile is taken back', async () => {
    const { ada, ben, server } = pair
    const tag = `#${++attempt}`
    const [words, better] = [`Offline words ${tag}`, `Offline words, better ${tag}`]
    const [gone, raced, back] = [`Offline gone ${tag}`, `Deleted elsewhere ${tag}`, `Back ${tag}`]
    await inOwnRoom(`Errands ${attempt}`)
    for (const text of [words, gone, raced, back]) await sendMessage(ada.page, text)
    await messageInLog(ben.page, back).waitFor()
    const [goneId, racedId] = [await idOf(ada.page, gone), await idOf(ada.page, raced)]
    const backId = await idOf(ada.page, back)
    await idOf(ada.page, words)
    // Ada's other device, which deletes the third while this tab is offline.
    const jwt = await jwtOf(ada.page)
    const waiting = () =>
      ada.page.evaluate(() =>
        Object.entries(localStorage)
          .filter(([k]) => k.startsWith('kathelia-actions:'))
          .flatMap(([, v]) => JSON.parse(v) as unknown[]),
      )
    const byId = (page: Page, id: string) => messageLog(page).locator(`.msg[data-id="${id}"]`)
    // None left from an earlier test or attempt: this one counts its own.
    const toasts = ada.page.locator('.Toastify__toast')
    for (const close of await ada.page.locator('.Toastify__close-button').all())
      await close.click().catch(() => undefined)
    await expect.poll(() => toasts.count()).toBe(0)
    const editTo = async (from: string, to: string) => {
      await menu(ada.page, from, 'Edit')
      const editor = ada.page.getByRole('textbox', { name: 'Edit message' })
      await editor.fill(to)
      await editor.press('Enter')
      await editor.waitFor({ state: 'detached' })
    }
    const held: (() => Promise<void>)[] = []
    let holding = true
    let lost = 0
    let reread: Promise<unknown> = Promise.resolve()
    const CHANGE = /\/api\/message\/(edit|delete)$/
    const context = ada.page.context()
    await context.setOffline(true)
    try {
      await editTo(words, better)
      // Shown at once, marked as waiting for the connection.
      await row(ada.page, better).getByText('Waiting for the connection').waitFor()
      await menu(ada.page, gone, 'Delete')
      await ada.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await byId(ada.page, goneId).getByText('This message was deleted').waitFor()
      await editTo(raced, `${raced} again`)
      // Edited, then edited back before it went: it goes as the words it had.
      await editTo(back, `Forth ${tag}`)
      await editTo(`Forth ${tag}`, back)
      expect(await waiting()).toHaveLength(4)
      expect(await toasts.count()).toBe(0)
      const res = await fetch(new URL('/api/message/delete', server.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messageId: racedId }),
      })
      expect(res.status).toBe(200)
    } finally {
      // Back online, the calls are held, then the first is lost as well (below). Routed only
      // now: a route holds a call made offline too, which the browser would fail at once.
      await ada.page.route(CHANGE, (route) =>
        holding
          ? void held.push(() => (lost++ ? route.continue() : route.abort()))
          : route.continue(),
      )
      onTestFinished(async () => {
        holding = false
        for (const go of held.splice(0)) await go()
        await ada.page.unroute(CHANGE)
      })
      reread = ada.page.waitForResponse((r) => /\/tablesdb\/.+\/rows\?/.test(r.url()))
      await context.setOffline(false)
    }
    // The room's pages read again meanwhile still show what waits.
    await reread
    await expect.poll(() => held.length).toBeGreaterThan(0)
    // Online again, on its way.
    expect(await row(ada.page, better).getByText('Sending…').count()).toBe(1)
    expect(await byId(ada.page, goneId).getByText('This message was deleted').count()).toBe(1)
    holding = false
    for (const go of held.splice(0)) await go()
    // The first call lost, the queue tries again by itself.
    await messageInLog(ben.page, better).waitFor()
    await byId(ben.page, goneId).getByText('This message was deleted').waitFor()
    await expect.poll(waiting).toHaveLength(0)
    expect(lost).toBe(1)
    expect(await row(ada.page, better).getByText('Sending…').count()).toBe(0)
    // The third was deleted meanwhile: its edit is refused, said, and the room shows it deleted.
    await ada.page.locator('.Toastify__toast', { hasText: 'Not edited' }).waitFor()
    await byId(ada.page, racedId).getByText('This message was deleted').waitFor()
    expect(await messageInLog(ben.page, `${raced} again`).count()).toBe(0)
    // The one edited back is as it was: its words, not marked edited, not on its way.
    await expect.poll(() => byId(ada.page, backId).getByText('Sending…').count()).toBe(0)
    expect(await byId(ada.page, backId).innerText()).toContain(back)
    expect(await byId(ada.page, backId).locator('.msg-edited').count()).toBe(0)
  })

  it('the menu works from the keyboard and Escape closes it', async () => {
    const { ben } = pair
    const actions = row(ben.page, goodNews).getByRole('button', {
      name: 'Message actions',
    })
    await actions.focus()
    await ben.page.keyboard.press('Enter')
    await ben.page.getByRole('menuitem', { name: 'Reply' }).waitFor()
    await ben.page.keyboard.press('ArrowDown')
    expect(await ben.page.evaluate(() => document.activeElement?.textContent)).toBe('React')
    // The picker's emoji go with the arrows too, as a toolbar's buttons do.
    await ben.page.keyboard.press('Enter')
    const picker = ben.page.getByRole('group', { name: 'Pick a reaction' })
    await picker.getByRole('button', { name: 'React with 👍' }).focus()
    const focused = () => focusedName(ben.page)
    await ben.page.keyboard.press('ArrowRight')
    expect(await focused()).toBe('React with ❤️')
    await ben.page.keyboard.press('End')
    expect(await focused()).toBe('React with 🙏')
    await ben.page.keyboard.press('ArrowRight')
    expect(await focused()).toBe('React with 👍')
    await ben.page.keyboard.press('ArrowLeft')
    expect(await focused()).toBe('React with 🙏')
    await ben.page.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })
    await ben.page.keyboard.press('Escape')
    await ben.page.getByRole('menu').waitFor({ state: 'detached' })
    await expect.poll(() => actions.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('a right click opens the menu at the pointer, upward where there is no room below', async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    const [text] = tagged(tag, 'Right-clicked at the end of a long line, far from its menu button')
    await sidebarRoom(ben.page, 'Home').click()
    await chatTitle(ben.page, 'Home')
    // A full list, so that Ben's newest row sits at its bottom.
    const filler = Array.from({ length: 12 }, (_, i) => `Filler ${i + 1} ${tag}`)
    await postMessagesAs(ada.page, pair.server.url, 'home', filler)
    await messageInLog(ben.page, filler.at(-1)!).waitFor()
    await sendMessage(ben.page, text)
    const bubble = row(ben.page, text).locator('.msg-text')
    await messageLog(ben.page).getByText('Sending…').waitFor({ state: 'detached' })
    const box = (await bubble.boundingBox())!
    // Near the bubble's far end.
    const at = { x: box.width - 12, y: box.height / 2 }
    const opened = ben.page.getByRole('menu', { name: 'Message actions' })
    // Right clicks are the rows' once the room has settled (row-press.ts, a chunk of its own).
    const rightClick = async () => {
      await bubble.click({ button: 'right', position: at })
      return opened.isVisible()
    }
    await expect.poll(rightClick, { timeout: 15_000 }).toBe(true)
    // Where the click was, on the bubble where it is now: a receipt line ("Delivered") that
    // comes under it after the click moves the row, and the menu with it, up (ci: 17 px).
    const point = async () => {
      const now = (await bubble.boundingBox())!
      return { x: now.x + at.x, y: now.y + at.y }
    }
    // The panel round the menu (its padding and border are the menu's edge on screen).
    const menuBox = async () => (await ben.page.locator('.message-log .msg-menu').boundingBox())!
    type Box = { x: number; y: number; width: number; height: number }
    const right = (b: Box) => b.x + b.width
    const off = async (edge: (b: Box) => number, axis: 'x' | 'y') =>
      Math.abs(edge(await menuBox()) - (await point())[axis])
    await expect.poll(() => off(right, 'x')).toBeLessThanOrEqual(1)
    const bottom = (b: Box) => b.y + b.height
    // No room to its right (the bubble ends at the list's side) nor below: up and to the left.
    await expect.poll(() => off(bottom, 'y')).toBeLessThanOrEqual(1)
    // The picker takes the menu's place there, on the same side: up, clear of the composer.
    await opened.getByRole('menuitem', { name: 'React' }).click()
    const picker = ben.page.getByRole('group', { name: 'Pick a reaction' })
    await picker.waitFor()
    await expect.poll(() => off(bottom, 'y')).toBeLessThanOrEqual(1)
    await ben.page.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })
    await ben.page.keyboard.press('Escape')
    await opened.waitFor({ state: 'detached' })
    // Its message scrolled down out of the list, the menu goes with it (it stayed over the top
    // bar), as the "⋯"'s own does.
    await expect.poll(rightClick, { timeout: 15_000 }).toBe(true)
    const list = (await ben.page.locator('.message-scroll').boundingBox())!
    await ben.page.locator('.message-scroll').evaluate((el) => (el.scrollTop -= 500))
    const away = async () => {
      const b = await ben.page.locator('.message-log .msg-menu').boundingBox()
      return !b || b.y >= list.y + list.height
    }
    await expect.poll(away).toBe(true)
    await ben.page.keyboard.press('Escape')
    await opened.waitFor({ state: 'detached' })
    await ben.page.locator('.message-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight))
    // Its "⋯" opens it beside itself, as before: the point served that opening only.
    const dots = row(ben.page, text).getByRole('button', { name: 'Message actions' })
    await row(ben.page, text).hover()
    await dots.click()
    await opened.waitFor()
    const beside = await menuBox()
    expect(Math.abs(right(beside) - (await point()).x)).toBeGreaterThan(40)
    await ben.page.keyboard.press('Escape')
    await opened.waitFor({ state: 'detached' })
  })

  it("a change waiting in one of Ada's tabs shows in her other tab, and settles there too", async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    const [said, fixed] = [`Two tabs ${tag}`, `Two tabs, fixed ${tag}`]
    await inOwnRoom(`Porch ${attempt}`)
    await sendMessage(ada.page, said)
    await idOf(ada.page, said)
    const other = await ada.page.context().newPage()
    onTestFinished(() => other.close())
    await other.goto(ada.page.url())
    await idOf(other, said)
    const context = ada.page.context()
    await context.setOffline(true)
    try {
      await menu(ada.page, said, 'Edit')
      const editor = ada.page.getByRole('textbox', { name: 'Edit message' })
      await editor.fill(fixed)
      await editor.press('Enter')
      await row(ada.page, fixed).getByText('Waiting for the connection').waitFor()
      // The other tab shows it too, waiting.
      await row(other, fixed).getByText('Waiting for the connection').waitFor()
    } finally {
      await context.setOffline(false)
    }
    await messageInLog(ben.page, fixed).waitFor()
    for (const page of [ada.page, other])
      await expect
        .poll(() => row(page, fixed).locator('.msg-state').count(), { timeout: 15_000 })
        .toBe(0)
    expect(await row(other, fixed).locator('.msg-edited').count()).toBe(1)
  })

  it('"Copy text" puts the message on the clipboard (a phone\'s long press opens the menu)', async () => {
    const { ben, server } = pair
    await ben.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    })
    await ben.page.evaluate(() => navigator.clipboard.writeText(''))
    await menu(ben.page, goodNews, 'Copy text')
    await toastBelowTopBar(ben.page, 'Copied')
    // The profile menu opened while a toast shows lies over it.
    await ben.page.getByRole('button', { name: 'Profile menu' }).click()
    const profile = ben.page.getByRole('menu', { name: 'Profile' })
    for (const name of ['View Profile', 'Settings'])
      expect(await onTop(profile.getByRole('menuitem', { name }))).toBe(true)
    await ben.page.keyboard.press('Escape')
    await profile.waitFor({ state: 'detached' })
    expect(await ben.page.evaluate(() => navigator.clipboard.readText())).toBe(goodNews)
    // Where the Clipboard API is refused, the copy command does it.
    await ben.page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied'))
    })
    // The page's own method again for what follows (a retry of this test starts with it).
    onTestFinished(async () => {
      await ben.page.evaluate(() => {
        delete (navigator.clipboard as { writeText?: unknown }).writeText
      })
    })
    // A finger held still on the bubble for half a second, as on a phone (no context menu event:
    // Safari on iOS sends none).
    const bubble = (await row(ben.page, 'Sure thing').locator('.msg-text').boundingBox())!
    const touch = { x: bubble.x + 10, y: bubble.y + bubble.height / 2 }
    const cdp = await ben.page.context().newCDPSession(ben.page)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [touch] })
    await ben.page.getByRole('menuitem', { name: 'Copy text' }).waitFor()
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await cdp.detach()
    // The finger lifted, the focus is still in the menu it opened.
    const inMenu = () => ben.page.evaluate(() => !!document.activeElement?.closest('.msg-menu'))
    expect(await inMenu()).toBe(true)
    await ben.page.getByRole('menuitem', { name: 'Copy text' }).click()
    await expect
      .poll(() => ben.page.evaluate(() => navigator.clipboard.readText()))
      .toBe(await row(ben.page, 'Sure thing').locator('.msg-text').innerText())
  })

  it('on a phone the menu and the reaction picker open inside the room, on either side', async () => {
    const { page } = pair.ben
    const own = `Mine on a phone #${++phoneAttempt}`
    const before = page.viewportSize()!
    await page.setViewportSize({ width: 360, height: 740 })
    try {
      await sendMessage(page, own)
      const scroller = page.locator('.message-scroll')
      // The panel's box against the scrolling area's, and whether it scrolled sideways.
      const placed = async () => {
        const [panel, area] = await Promise.all([
          page.locator('.msg-menu').boundingBox(),
          scroller.boundingBox(),
        ])
        const left = await scroller.evaluate((el) => el.scrollLeft)
        return (
          panel!.x >= area!.x &&
          panel!.x + panel!.width <= area!.x + area!.width + 0.5 &&
          panel!.y + panel!.height <= area!.y + area!.height + 0.5 &&
          left === 0
        )
      }
      // Ada's message (its "⋯" right of the bubbles) and Ben's own, the room's last row.
      for (const text of [goodNews, own]) {
        await messageInLog(page, text).waitFor()
        await row(page, text).getByRole('button', { name: 'Message actions' }).click()
        await expect.poll(placed, { message: `the menu of "${text}"` }).toBe(true)
        await page.getByRole('menuitem', { name: 'React' }).click()
        await page.getByRole('textbox', { name: 'Any emoji' }).waitFor()
        // The picker is a chunk of its own: the panel is placed again once it has arrived.
        await expect.poll(placed, { message: `the reaction picker of "${text}"` }).toBe(true)
        await page.keyboard.press('Escape')
        await page.locator('.msg-menu').waitFor({ state: 'detached' })
      }
      // The partner's name has its room: the search box is its magnifier until used.
      const name = page.locator('.top-bar .chatee-name')
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      const search = page.getByRole('searchbox', { name: 'Search messages' })
      const width = () => search.evaluate((el) => el.getBoundingClientRect().width)
      const closed = await width()
      await search.focus()
      await expect.poll(width).toBeGreaterThan(closed * 3)
      await search.blur()
      // The phone's toast spans the width: it still leaves the menu button and the partner free,
      // and the drawer opened while it shows lies over it.
      await menu(page, own, 'Copy text')
      await toastBelowTopBar(page, 'Copied')
      await page.getByRole('button', { name: /^Open menu/ }).click()
      const nav = page.getByRole('navigation', { name: 'Main' })
      expect(await onTop(nav.getByRole('link', { name: /^Home/ }))).toBe(true)
      await page.keyboard.press('Escape')
    } finally {
      await page.setViewportSize(before)
    }
  })

  it('Ada edits her message within 24 hours; Ben sees the new text marked (edited)', async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    const [typo, fixed] = [`Teh plan is set ${tag}`, `The plan is set ${tag}`]
    await sendMessage(ada.page, typo)
    await idOf(ada.page, typo)
    await menu(ada.page, typo, 'Edit')
    const editor = ada.page.getByRole('textbox', { name: 'Edit message' })
    // Emptied, Save is off and says why.
    await editor.fill('')
    const hint = ada.page.getByText('A message cannot be empty')
    const save = ada.page.getByRole('button', { name: 'Save' })
    await hint.waitFor()
    expect(await save.isDisabled()).toBe(true)
    // The editor whole in view, its buttons too: the line pushed them below the list's edge.
    const list = (await ada.page.locator('.message-scroll').boundingBox())!
    const inView = async () => {
      const b = (await save.boundingBox())!
      return b.y + b.height <= list.y + list.height
    }
    await expect.poll(inView).toBe(true)
    const described = await save.getAttribute('aria-describedby')
    expect(await ada.page.locator(`[id="${described}"]`).innerText()).toContain('cannot be empty')
    await editor.fill(fixed)
    expect(await hint.count()).toBe(0)
    await editor.press('Enter')
    await messageInLog(ben.page, fixed).waitFor()
    const mark = row(ben.page, fixed).locator('.msg-edited')
    expect(await mark.innerText()).toContain('(edited)')
    // The spec's datetime ("MMMM d, yyyy hh:mm:ss aa"), not the browser's locale.
    expect(await mark.getAttribute('title')).toMatch(
      /^Edited [A-Z][a-z]+ \d{1,2}, \d{4} \d\d:\d\d:\d\d [AP]M$/,
    )
    expect(await messageInLog(ben.page, typo).count()).toBe(0)
    // Ben's menu on Ada's message offers no Edit or Delete.
    await menu(ben.page, fixed, 'React')
    await ben.page.keyboard.press('Escape')
  })

  it('ArrowUp in the empty composer edits the last message sent; the cursor comes back', async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    const [sent, fixed] = [`Arrow typo ${tag}`, `Arrow fixed ${tag}`]
    await sendMessage(ada.page, sent)
    await idOf(ada.page, sent)
    const box = ada.page.getByRole('textbox', { name: 'Message' })
    const editor = ada.page.getByRole('textbox', { name: 'Edit message' })
    // With text in the box, ArrowUp is the caret's.
    await box.fill('not empty')
    await box.press('ArrowUp')
    expect(await editor.count()).toBe(0)
    await box.fill('')
    await box.press('ArrowUp')
    await expect.poll(() => editor.inputValue()).toBe(sent)
    expect(await editor.evaluate((el) => el === document.activeElement)).toBe(true)
    await editor.fill(fixed)
    await editor.press('Enter')
    await messageInLog(ben.page, fixed).waitFor()
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('an edit under way keeps its text when its room is left and opened again', async () => {
    const { ada } = pair
    const tag = `#${++attempt}`
    const [said, typing] = [`Edit me later ${tag}`, `Half-way through the edit ${tag}`]
    const detour = `Edit detour ${tag}`
    await createRooms(ada.page, detour)
    await sendMessage(ada.page, said)
    await idOf(ada.page, said)
    const box = ada.page.getByRole('textbox', { name: 'Message' })
    await box.press('ArrowUp')
    const editor = ada.page.getByRole('textbox', { name: 'Edit message' })
    await expect.poll(() => editor.inputValue()).toBe(said)
    await editor.fill(typing)
    await sidebarRoom(ada.page, detour).click()
    await editor.waitFor({ state: 'detached' })
    await sidebarRoom(ada.page, 'Home').click()
    await expect.poll(() => editor.inputValue()).toBe(typing)
    await editor.press('Escape')
    await editor.waitFor({ state: 'detached' })
    expect(await messageInLog(ada.page, said).count()).toBe(1)
  })

  it('ArrowUp while the last message is still on its way edits nothing (never the one before)', async () => {
    const { ada } = pair
    const tag = `#${++attempt}`
    const [before, slow] = [`Already sent ${tag}`, `Still on its way ${tag}`]
    await sendMessage(ada.page, before)
    await idOf(ada.page, before)
    const add = '**/api/message/add'
    let release = () => {}
    await ada.page.route(add, async (route) => {
      await new Promise<void>((r) => (release = r))
      // Unrouted meanwhile, the request already went on: nothing left to continue.
      await route.continue().catch(() => undefined)
    })
    try {
      await sendMessage(ada.page, slow)
      const box = ada.page.getByRole('textbox', { name: 'Message' })
      await box.press('ArrowUp')
      await new Promise((r) => setTimeout(r, 300))
      expect(await ada.page.getByRole('textbox', { name: 'Edit message' }).count()).toBe(0)
    } finally {
      release()
      await ada.page.unroute(add)
    }
    await idOf(ada.page, slow)
  })

  it('opening the editor keeps the bubble in view, near the top of the room or at its end', async () => {
    const { ada, ben } = pair
    const tag = `#${++inViewAttempt}`
    const [high, last] = [`Edit me high ${tag}`, `Edit me last ${tag}`]
    const area = () => ada.page.locator('.message-scroll').boundingBox()
    const inView = async (text: string) => {
      const [box, bounds] = await Promise.all([
        row(ada.page, text).locator('.bubble').boundingBox(),
        area(),
      ])
      return box!.y >= bounds!.y - 0.5 && box!.y + box!.height <= bounds!.y + bounds!.height + 0.5
    }
    await sendMessage(ada.page, high)
    await idOf(ada.page, high)
    await sendMessage(ben.page, `Below it ${tag}`)
    await messageInLog(ada.page, `Below it ${tag}`).waitFor()
    // Ben's read receipt adds "Seen" under Ada's message, moving it up: awaited, as is the
    // room following the new rows down, before anything is measured (a run measured first).
    await row(ada.page, high)
      .locator('xpath=following-sibling::*[1][contains(@class,"seen-marker")]')
      .waitFor({ timeout: 15_000 })
    const atBottom = () =>
      ada.page
        .locator('.message-scroll')
        .evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 2)
    await expect.poll(atBottom).toBe(true)
    // A shorter window puts Ada's message 10 px under the room's top edge; she reads at the
    // bottom, which stays where it is.
    const before = ada.page.viewportSize()!
    const top = (await row(ada.page, high).boundingBox())!.y - (await area())!.y
    await ada.page.setViewportSize({ ...before, height: Math.round(before.height - top + 10) })
    try {
      await expect.poll(() => inView(high), { timeout: 5_000 }).toBe(true)
      // Before, the grown bubble was pushed up to keep the bottom pinned, out of view.
      await menu(ada.page, high, 'Edit')
      await ada.page.getByRole('textbox', { name: 'Edit message' }).waitFor()
      await expect.poll(() => inView(high), { timeout: 5_000 }).toBe(true)
    } finally {
      // Closed whatever happened, so the file's later tests find no editor open.
      await ada.page.keyboard.press('Escape')
      await ada.page.setViewportSize(before)
    }
    // The room's last message: the editor grows it past the bottom; Save must be in view.
    await sendMessage(ada.page, last)
    await idOf(ada.page, last)
    await menu(ada.page, last, 'Edit')
    await ada.page.getByRole('textbox', { name: 'Edit message' }).waitFor()
    await expect.poll(() => inView(last), { timeout: 5_000 }).toBe(true)
    await ada.page.keyboard.press('Escape')
  })

  it('an edit after 24 hours is refused by the server with 403', async () => {
    const { ada, server } = pair
    // A row id of this attempt only: the first attempt's row keeps its id.
    const rowId = `old-message-${++attempt}`
    const adaId = await accountIdOf(ada.page)
    const vars = exampleVars()
    const old = await fetch(new URL('/v1/tablesdb/kathelia/tables/messages/rows', server.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-appwrite-project': vars.APPWRITE_PROJECT_ID!,
        'x-appwrite-key': vars.EMBEDDED_API_KEY!,
      },
      body: JSON.stringify({
        rowId,
        data: {
          roomId: 'home',
          message: 'From yesterday',
          senderId: adaId,
          kind: 'user',
          $createdAt: new Date(Date.now() - 25 * 3600_000).toISOString(),
        },
      }),
    })
    expect(old.status).toBe(201)
    const answer = await apiAs(ada.page, server.url)('/message/edit', {
      messageId: rowId,
      message: 'Changed',
    }).then(
      () => 'edited',
      (e: ApiRefusal) => [e.status, e.code],
    )
    expect(answer).toEqual([403, 'edit_window_closed'])
  })

  it('Ada deletes a message with a file: a tombstone for both, the file gone from the bucket', async () => {
    const { ada, ben } = pair
    // A text of its own per attempt: a retry must not find the first attempt's message.
    const text = `Burn after reading ${++deleteAttempt}`
    const chooser = ada.page.waitForEvent('filechooser')
    await ada.page.getByRole('button', { name: 'Attach a file' }).click()
    await (
      await chooser
    ).setFiles({ name: 'secret.txt', mimeType: 'text/plain', buffer: Buffer.from('top secret') })
    await ada.page.getByRole('group', { name: 'File to send' }).getByText('secret.txt').waitFor()
    await sendMessage(ada.page, text)
    const href = await row(ben.page, text)
      .getByRole('link', { name: 'Download' })
      .getAttribute('href')
    const fileId = /\/files\/([^/]+)\//.exec(href!)![1]!
    const id = await idOf(ada.page, text)
    await menu(ada.page, text, 'Delete')
    // The confirmation starts on Cancel: an Enter meant for the menu deletes nothing.
    const confirm = ada.page.getByRole('alertdialog')
    await expect.poll(() => isFocused(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    for (const page of [ada.page, ben.page]) {
      const deleted = messageLog(page).locator(`.msg[data-id="${id}"]`)
      await deleted.getByText('This message was deleted').waitFor()
      await expect.poll(() => messageInLog(page, text).count()).toBe(0)
      expect(await deleted.getByText('secret.txt').count()).toBe(0)
    }
    const file = await withServerKey(
      pair.server.url,
      'GET',
      `/storage/buckets/files/files/${fileId}`,
    )
    expect(file.status).toBe(404)
  })

  it("a reconnect's catch-up brings an edit, a reaction and a read receipt whose events were lost", async () => {
    const { ada, ben } = pair
    // Its retry failed in the retry audit (docs/testing.md): what the pages asked, if it fails.
    traceOnFailure({ ada: ada.page, ben: ben.page })
    const tag = `#${++attempt}`
    const [said, changed, later, gap] = tagged(
      tag,
      'Said before the gap',
      'Said, then changed',
      'A later message arrives',
      'Ben writes in the gap',
    )
    // Ben's realtime socket through a relay that loses the events naming one message, and every
    // read receipt.
    const relay = { drop: null as string | null, lostReceipts: 0, close: () => {} }
    const lost = (frame: string) => {
      if (!relay.drop) return false
      if (frame.includes('.tables.receipts.')) {
        // Ada's receipt as Ben gets it (Ben's own position is kind "own").
        if (frame.includes('"kind":"shared"')) relay.lostReceipts++
        return true
      }
      return frame.includes(relay.drop)
    }
    await ben.page.routeWebSocket(/\/v1\/realtime/, (link) => {
      const server = link.connectToServer()
      server.onMessage((frame) => {
        if (!lost(String(frame))) link.send(frame)
      })
      link.onMessage((frame) => server.send(frame))
      relay.close = () => void link.close({ code: 1001, reason: 'link lost' })
    })
    await ben.page.reload()
    await sendMessage(ada.page, said)
    await messageInLog(ben.page, said).waitFor({ timeout: 30_000 })
    const id = await idOf(ada.page, said)
    relay.drop = id
    const api = apiAs(ada.page, pair.server.url)
    await api('/message/edit', { messageId: id, message: changed })
    await api('/message/react', { messageId: id, emoji: '🎉', on: true })
    await messageInLog(ada.page, changed).waitFor()
    await sendMessage(ada.page, later)
    await messageInLog(ben.page, later).waitFor()
    expect(await messageInLog(ben.page, said).count()).toBe(1)
    // Ada's tab, back at the newest message, reads Ben's; the receipt's event is lost on the way
    // to Ben.
    await ada.page.reload()
    await messageInLog(ada.page, later).waitFor({ timeout: 30_000 })
    await sendMessage(ben.page, gap)
    await messageInLog(ada.page, gap).waitFor()
    // "Seen" follows the row it marks.
    const seen = row(ben.page, gap).locator(
      'xpath=following-sibling::*[1][contains(@class,"seen-marker")]',
    )
    await expect.poll(() => relay.lostReceipts, { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await seen.count()).toBe(0)
    relay.drop = null
    relay.close()
    const caught = row(ben.page, changed)
    await caught.waitFor({ timeout: 30_000 })
    await caught.getByRole('button', { name: '🎉 1: Ada Lovelace' }).waitFor()
    await seen.waitFor({ timeout: 30_000 })
    await ben.page.unrouteAll({ behavior: 'wait' })
  })
})
