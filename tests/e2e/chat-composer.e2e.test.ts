import type { Locator, Page, Request } from 'playwright-core'
import { traceOnFailure } from './helpers/page-trace'
import { beforeAll, describe, expect, it } from 'vitest'
import { tagged } from './helpers/attempts'
import {
  BEN,
  messageInLog,
  messageLog,
  presenceShown,
  sendMessage,
  setAdminView,
  storedInLog,
  setTabHidden,
  useOnboardedPair,
} from './helpers/pair'
import { jwtOf } from './helpers/page-api'
import { newPill, postMessagesAs, rowInView } from './helpers/chat-view'
import { shareBoth } from './helpers/presence-sharing'

// The chat's promises no other file pins down: the optimistic bubble, Shift+Enter, the typing
// signal's 3-second throttle, order by the server's sequence whatever the clocks say, system
// notices styled apart, and what the browser keeps in localStorage.
const pair = useOnboardedPair()
let orderAttempts = 0
let heldAttempts = 0
let lineAttempts = 0
let typingAttempts = 0
let rtlAttempts = 0
let foldAttempts = 0
let emojiAttempts = 0
let quietAttempts = 0
// Ben's presence shows in Ada's header only while both share it (Settings).
beforeAll(() => shareBoth(pair), 60_000)

const box = (page: Page) => page.getByRole('textbox', { name: 'Message' })
const isAdd = (req: Request) => req.method() === 'POST' && req.url().endsWith('/api/message/add')
const isTypingSignal = (req: Request) =>
  req.url().endsWith('/api/user/update-status') && req.postDataJSON()?.payload?.isTyping === true

/** Requests of the page matching `which`, collected from now on. */
function collect(page: Page, which: (req: Request) => boolean): Request[] {
  const seen: Request[] = []
  page.on('request', (req) => which(req) && seen.push(req))
  return seen
}

describe('the composer and the message list', () => {
  it('shows a sent message at once, marked "Sending…", before the server has answered', async () => {
    const { ada, ben } = pair
    // Its first attempt once waited 30 s for "Sending…" in CI (not seen locally): what the pages
    // asked and showed, if it fails again.
    traceOnFailure({ ada: ada.page, ben: ben.page })
    // A text of this attempt only: a retry finds the first attempt's message in the room.
    const text = `Held for a moment (${++heldAttempts})`
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await ada.page.route('**/api/message/add', async (route) => {
      await held
      await route.continue()
    })
    const bubble = messageLog(ada.page).locator('.msg').filter({ hasText: text })
    try {
      await sendMessage(ada.page, text)
      await bubble.getByText('Sending…').waitFor()
      expect(await messageInLog(ben.page, text).count()).toBe(0)
    } finally {
      release()
      // Waits for the held request's handler: removed under it, its continue() would throw.
      await ada.page.unrouteAll({ behavior: 'wait' })
    }
    await bubble.getByText('Sending…').waitFor({ state: 'detached' })
    await messageInLog(ben.page, text).waitFor()
  })

  it('Shift+Enter breaks the line without sending; Enter sends both lines as one message', async () => {
    const { page } = pair.ben
    // Lines of this attempt only, typed into an empty box: a retry finds the first attempt's.
    const n = ++lineAttempts
    const [first, second] = [`first line (${n})`, `second line (${n})`]
    await box(page).fill('')
    const adds = collect(page, isAdd)
    await box(page).pressSequentially(first)
    await box(page).press('Shift+Enter')
    await box(page).pressSequentially(second)
    expect(await box(page).inputValue()).toBe(`${first}\n${second}`)
    const sent = page.waitForRequest(isAdd)
    await box(page).press('Enter')
    expect((await sent).postDataJSON().message).toBe(`${first}\n${second}`)
    expect(adds).toHaveLength(1) // nothing went out at Shift+Enter
    const received = messageLog(pair.ada.page).locator('.msg-text').filter({ hasText: second })
    await received.waitFor()
    expect(await received.textContent()).toBe(`${first}\n${second}`)
  })

  it('a Hebrew message reads right to left, typed and sent; an English one beside it left to right', async () => {
    const { ben, ada } = pair
    const hebrew = `שלום, מה שלומך? (${++rtlAttempts})`
    const direction = (l: Locator) => l.evaluate((el) => getComputedStyle(el).direction)
    await box(ben.page).fill(hebrew)
    expect(await direction(box(ben.page))).toBe('rtl')
    await box(ben.page).press('Enter')
    const received = messageLog(ada.page).locator('.msg-text').filter({ hasText: hebrew })
    await received.waitFor()
    expect(await direction(received)).toBe('rtl')
    await box(ben.page).fill('Plain English')
    expect(await direction(box(ben.page))).toBe('ltr')
  })

  it('a long message folds to its first lines with "Read more"; a search shows it whole', async () => {
    const { ben, ada } = pair
    const tag = `(fold ${++foldAttempts})`
    const long = `${Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long story`).join('\n')} ${tag}`
    await postMessagesAs(ben.page, pair.server.url, 'home', [long])
    const text = messageLog(ada.page)
      .locator('.msg-text')
      .filter({ hasText: `Line 60 of a long story ${tag}` })
    await text.waitFor()
    const folded = () => text.evaluate((el) => el.scrollHeight > el.clientHeight + 1)
    expect(await folded()).toBe(true)
    const more = text.locator('xpath=following-sibling::button[1]')
    expect(await more.innerText()).toBe('Read more')
    // In the bubble's own text colour (a link's colour was the own bubble's, and vanished).
    const colour = (l: Locator) => l.evaluate((el) => getComputedStyle(el).color)
    expect(await colour(more)).toBe(await colour(text))
    // Opened at the bottom of the room, it opens downwards: its first line stays where the
    // reader had it (the bottom used to be kept, and the start went up out of view).
    const top = () => text.evaluate((el) => Math.round(el.getBoundingClientRect().top))
    const before = await top()
    await more.focus()
    await ada.page.keyboard.press('Enter')
    expect(await folded()).toBe(false)
    expect(await more.innerText()).toBe('Show less')
    await ada.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
    expect(await top()).toBe(before)
    expect(await more.getAttribute('aria-expanded')).toBe('true')
    // Taller than the view, the open text runs below it; "Show less", which has the keyboard's
    // focus, stays in view at the bottom of the list rather than at the text's end.
    expect(await text.evaluate((el) => el.scrollHeight > innerHeight)).toBe(true)
    expect(await ada.page.evaluate(() => document.activeElement?.textContent)).toBe('Show less')
    const wholeInView = (el: Element) => {
      const box = el.closest('.message-scroll')!.getBoundingClientRect()
      const r = el.getBoundingClientRect()
      return r.top >= box.top && r.bottom <= box.bottom
    }
    expect(await more.evaluate(wholeInView)).toBe(true)
    // Closed from its end, far down the open text, its start comes back into view.
    const log = messageLog(ada.page).locator('xpath=..')
    await log.evaluate((el) => (el.scrollTop = el.scrollHeight))
    await more.click()
    expect(await folded()).toBe(true)
    const viewTop = await log.evaluate((el) => el.getBoundingClientRect().top)
    expect(await top()).toBeGreaterThanOrEqual(viewTop)
    // Opened and closed again at the bottom, with no scroll between: the room still follows
    // the next message, not holding it behind "1 new".
    await more.click()
    await more.click()
    expect(await folded()).toBe(true)
    const after = `After the fold ${tag}`
    await postMessagesAs(ben.page, pair.server.url, 'home', [after])
    await expect.poll(() => rowInView(messageInLog(ada.page, after))).toBe(true)
    expect(await newPill(ada.page).count()).toBe(0)
    // A search for its last line finds it unfolded, the match in view of the reader.
    await ada.page
      .getByRole('searchbox', { name: 'Search messages' })
      .fill(`Line 60 of a long story ${tag}`)
    await expect.poll(folded).toBe(false)
    expect(await text.locator('xpath=following-sibling::button').count()).toBe(0)
    await ada.page.getByRole('searchbox', { name: 'Search messages' }).fill('')
  })

  it('near the 4,000-character limit, counts; at it, says the rest did not fit', async () => {
    const { page } = pair.ben
    const count = page.locator('.composer').getByRole('status')
    await box(page).fill('x'.repeat(3_000))
    expect(await count.count()).toBe(0)
    await box(page).fill('x'.repeat(3_700))
    await count.filter({ hasText: /^3,700 \/ 4,000$/ }).waitFor()
    await box(page).fill('x'.repeat(4_000))
    await count
      .filter({ hasText: '4,000 / 4,000 characters, the most a message can hold' })
      .waitFor()
    await box(page).fill('')
    await count.waitFor({ state: 'detached' })
  })

  it('puts emoji at the cursor from its panel, by pointer or keys, recent ones first', async () => {
    const { ada, ben } = pair
    const page = ada.page
    const panel = page.getByRole('dialog', { name: 'Emoji' })
    const emoji = (name: string) => panel.getByRole('button', { name, exact: true })
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement
        return el?.getAttribute('aria-label') ?? el?.textContent ?? ''
      })
    const tag = `(emoji ${++emojiAttempts})`
    await box(page).fill(`Good  you ${tag}`)
    await box(page).evaluate((b: HTMLTextAreaElement) => b.setSelectionRange(5, 5))
    // By pointer: at the cursor, the box keeps the focus, the panel stays for the next.
    await page.getByRole('button', { name: 'Emoji' }).click()
    // Above the whole composer: it covers none of what is being written.
    const [over, composer] = await Promise.all([
      panel.boundingBox(),
      page.locator('form.composer').boundingBox(),
    ])
    expect(over!.y + over!.height).toBeLessThanOrEqual(composer!.y)
    // (Their last cells: a retry has them in "Recently used" too.)
    await emoji('😀').last().click()
    await panel.getByRole('button', { name: 'Hearts' }).click()
    await emoji('❤️').last().click()
    expect(await box(page).inputValue()).toBe(`Good 😀❤️ you ${tag}`)
    expect(await focused()).toBe('Message')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(await focused()).toBe('Message')
    // By keys: the panel takes the focus, the last picked first; Escape gives it back.
    await page.getByRole('button', { name: 'Emoji' }).focus()
    await page.keyboard.press('Enter')
    const recent = panel.getByRole('group', { name: 'Recently used' }).getByRole('button')
    expect(await recent.allInnerTexts()).toEqual(['❤️', '😀'])
    expect(await focused()).toBe('❤️')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    expect(await box(page).inputValue()).toBe(`Good 😀❤️😀 you ${tag}`)
    expect(await focused()).toBe('😀')
    // Typed as keys would be: the box's own undo takes it back, and redo brings it again.
    await box(page).focus()
    await page.keyboard.press('Control+z')
    expect(await box(page).inputValue()).toBe(`Good 😀❤️ you ${tag}`)
    await page.keyboard.press('Control+Shift+z')
    expect(await box(page).inputValue()).toBe(`Good 😀❤️😀 you ${tag}`)
    await emoji('😀').first().focus()
    // Down a row lands on the cell below, in the next group.
    await page.keyboard.press('ArrowDown')
    expect(await focused()).toBe('😃')
    await page.keyboard.press('ArrowRight')
    expect(await focused()).toBe('😄')
    // A group's tab from the keyboard takes the focus into its group; the grid stays one Tab stop.
    await page.keyboard.press('Shift+Tab')
    expect(await focused()).toBe('Objects and symbols')
    await page.keyboard.press('Enter')
    expect(await focused()).toBe('📱')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    expect(await focused()).toBe('📱')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(await focused()).toBe('Emoji')
    // It goes as typed text does.
    await box(page).press('End')
    await box(page).press('Enter')
    await messageInLog(ben.page, `Good 😀❤️😀 you ${tag}`).waitFor()
    // At the length limit nothing goes in, not half an emoji.
    await box(page).fill('x'.repeat(3_999))
    await page.getByRole('button', { name: 'Emoji' }).click()
    await emoji('😀').first().click()
    expect(await box(page).inputValue()).toBe('x'.repeat(3_999))
    await page.keyboard.press('Escape')
    await box(page).fill('')
  })

  it('an emoji in a line of text is drawn in colour, as the pickers draw it; digits, # and * are text', async () => {
    const page = pair.ada.page
    const text = `Emoji in text 😀 ❤️ #1* ${++emojiAttempts}`
    await sendMessage(page, text)
    const line = messageInLog(page, text)
    await line.waitFor()
    // Drawn on a canvas in the line's font: a black-and-white smiley (DejaVu Sans's, on Linux)
    // has no coloured pixel; and the text's characters take the text font's widths. The colour
    // comes from a font of the system's (tokens.css names them): a machine with none draws every
    // emoji in black and white, the pickers' too, and that is what is checked there.
    const drawn = await line.evaluate(async (el) => {
      const style = getComputedStyle(el)
      // From its parts: the shorthand reads '' when a part has no place in it.
      const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const colourFont = await document.fonts.load(`16px 'Kathelia Emoji'`, '😀').then(
        (faces) => faces.length > 0,
        () => false,
      )
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = 64
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!
      const coloured = (emoji: string) => {
        ctx.clearRect(0, 0, 64, 64)
        ctx.font = font
        ctx.textBaseline = 'top'
        ctx.fillText(emoji, 4, 4)
        const d = ctx.getImageData(0, 0, 64, 64).data
        let n = 0
        for (let i = 0; i < d.length; i += 4)
          if (
            d[i + 3]! > 0 &&
            Math.max(d[i]!, d[i + 1]!, d[i + 2]!) - Math.min(d[i]!, d[i + 1]!, d[i + 2]!) > 40
          )
            n++
        return n
      }
      const width = (f: string) => ((ctx.font = f), ctx.measureText('#1*0').width)
      return {
        colourFont,
        smiley: coloured('😀') > 20,
        heart: coloured('❤️') > 20,
        text:
          width(font) ===
          width(font.replace("'Kathelia Emoji', ", '').replace('"Kathelia Emoji", ', '')),
      }
    })
    if (!drawn.colourFont)
      console.warn(
        'No colour emoji font on this machine (Noto Color Emoji: Debian fonts-noto-color-emoji): ' +
          'emoji in text checked to be drawn in black and white, as the pickers draw them here',
      )
    const colour = drawn.colourFont
    expect(drawn).toEqual({ colourFont: colour, smiley: colour, heart: colour, text: true })
  })

  it('finds emoji by name or keyword in its panel; Enter there puts the first in, never sends', async () => {
    const page = pair.ada.page
    const panel = page.getByRole('dialog', { name: 'Emoji' })
    const search = panel.getByRole('searchbox', { name: 'Search emoji' })
    const results = panel.getByRole('group', { name: 'Search results' }).getByRole('button')
    const tag = `(emoji search ${++emojiAttempts})`
    await box(page).fill(`Ha  ${tag}`)
    await box(page).evaluate((b: HTMLTextAreaElement) => b.setSelectionRange(3, 3))
    const sent = collect(page, isAdd)
    await page.getByRole('button', { name: 'Emoji' }).click()
    // The field fits its panel, padded and shaded as its own style says (the base's won).
    const fit = await search.evaluate((el) => {
      const [f, p] = [el, el.closest('.emoji-picker')!].map((e) => e.getBoundingClientRect())
      return {
        inside: f.left >= p.left && f.right <= p.right,
        padding: getComputedStyle(el).paddingTop,
      }
    })
    expect(fit).toEqual({ inside: true, padding: '6.4px' })
    await search.click()
    await search.pressSequentially('tears of')
    // By the name's words, in the panel's order; its name on hover.
    await expect.poll(() => results.allInnerTexts()).toEqual(['😂', '😹'])
    expect(await results.first().getAttribute('title')).toBe('face with tears of joy')
    await search.press('Enter')
    expect(await box(page).inputValue()).toBe(`Ha 😂 ${tag}`)
    // By CLDR's keywords too; and says when nothing matches.
    await search.fill('lol')
    await expect.poll(() => results.allInnerTexts()).toContain('😂')
    await search.fill('zzzq')
    await panel.getByText('No emoji match “zzzq”.').waitFor()
    // A shortcode typed whole comes first, as in Slack's picker.
    await search.fill('heart')
    await expect.poll(async () => (await results.allInnerTexts())[0]).toBe('❤️')
    // ↓ goes into the results, ↑ from their top row back; a letter typed there goes to the box.
    const active = () => page.evaluate(() => document.activeElement?.textContent || 'the box')
    await search.fill('pizza')
    await search.press('ArrowDown')
    expect(await active()).toBe('🍕')
    await page.keyboard.press('ArrowUp')
    expect(await active()).toBe('the box')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.type('s')
    expect(await search.inputValue()).toBe('pizzas')
    // Escape in the box empties it first, then closes the panel.
    await search.press('Escape')
    expect(await search.inputValue()).toBe('')
    await panel.getByRole('group', { name: 'Smileys' }).waitFor()
    await search.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(sent).toHaveLength(0)
    await box(page).fill('')
  })

  it('a part whose chunk did not come is left out, and the room works on without it', async () => {
    // Ada's session in a context without the service worker, which would serve it from its cache.
    const context = await pair.chrome.browser.newContext({
      serviceWorkers: 'block',
      storageState: await pair.ada.page.context().storageState(),
    })
    try {
      const page = await context.newPage()
      let refused = 0
      await page.route(/\/assets\/link-preview-[\w-]+\.js$/, (route) => (refused++, route.abort()))
      await page.goto(pair.server.url)
      await page.locator('#first-paint').waitFor({ state: 'detached' })
      // A message with a link renders its preview's part at once (and the room preloads it).
      const tag = ++quietAttempts
      const [linked, after] = [`See https://example.test/quiet-${tag}`, `And on (${tag})`]
      await sendMessage(page, linked)
      await storedInLog(page, linked).waitFor()
      await expect.poll(() => refused).toBeGreaterThan(0)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
      expect(await page.getByText('Kathelia could not load this screen').count()).toBe(0)
      await sendMessage(page, after)
      await storedInLog(page, after).waitFor()
      expect(await page.getByText('Kathelia could not load this screen').count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('signals typing at most once every 3 seconds', async () => {
    const { page } = pair.ada
    // Date.now() stands still unless moved; timers keep running. A retry starts a minute past
    // the first attempt's clock, so that attempt's last signal does not hold back the first one.
    const t0 = Date.now() + 60_000 * ++typingAttempts
    await box(page).fill('')
    await page.clock.setFixedTime(t0)
    const signals = collect(page, isTypingSignal)
    const typeAt = async (at: number, text: string, expectSignal: boolean) => {
      await page.clock.setFixedTime(at)
      const next = expectSignal ? page.waitForRequest(isTypingSignal) : null
      await box(page).pressSequentially(text)
      await next
    }
    await typeAt(t0, 'typing ', true)
    await typeAt(t0 + 2_999, 'on and ', false)
    await typeAt(t0 + 3_000, 'on ', true)
    await typeAt(t0 + 5_000, 'and ', false)
    await typeAt(t0 + 6_000, 'on', true)
    // Had any keypress in between signalled, one more would have been counted.
    expect(signals).toHaveLength(3)
    await box(page).fill('')
  })

  it('orders messages by the server sequence even when a sender’s clock is an hour behind', async () => {
    const { ada, ben } = pair
    // Texts of this attempt only: a retry finds the first attempt's messages still in the room.
    const tag = `#${++orderAttempts}`
    const [first, second, third] = tagged(tag, 'Ada first', 'Ben second', 'Ada third')
    await ben.page.clock.setFixedTime(Date.now() - 3_600_000)
    await sendMessage(ada.page, first)
    await messageInLog(ben.page, first).waitFor()
    await sendMessage(ben.page, second)
    // Each is sent after its author saw the one before, so the server's order is fixed; without
    // this wait Ada's could be stored first while Ben's was still on its way (a run did that).
    await messageInLog(ada.page, second).waitFor()
    await sendMessage(ada.page, third)
    const order = (page: Page) =>
      messageLog(page)
        .locator('[data-seq]')
        .evaluateAll((rows) =>
          rows.map((r) => ({
            seq: Number(r.getAttribute('data-seq')),
            text: r.querySelector('.msg-text')?.textContent ?? '',
          })),
        )
    for (const { page } of [ada, ben]) {
      await expect
        .poll(async () => (await order(page)).map((r) => r.text).filter((t) => t.endsWith(tag)))
        .toEqual([first, second, third])
      const seqs = (await order(page)).map((r) => r.seq)
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs)
    }
  })

  it('shows system notices apart from the bubbles', async () => {
    const notice = messageLog(pair.ada.page)
      .locator('[data-seq]')
      .filter({ hasText: `${BEN.name} is online` })
      .first()
    await notice.waitFor()
    expect(await notice.getAttribute('class')).toBe('system-notice')
    expect(await notice.locator('.bubble, .msg-text').count()).toBe(0)
  })

  it('keeps the chatee status in localStorage, and never a token, secret or password', async () => {
    const { ada, ben } = pair
    await setAdminView(ada.page, true)
    await setTabHidden(ben.page, true)
    await presenceShown(ada.page, 'Away')
    const stored = () =>
      ada.page.evaluate(() => JSON.parse(localStorage.getItem('global-state') ?? 'null'))
    await expect.poll(async () => (await stored()).chateeStatus?.presence).toBe('away')
    await setTabHidden(ben.page, false)
    await presenceShown(ada.page, 'Online')
    await expect.poll(async () => (await stored()).chateeStatus?.presence).toBe('online')
    await setAdminView(ada.page, false)

    // (A string: the test runner rewrites import() in code.)
    const jwt = await jwtOf(ada.page)
    for (const { page } of [ada, ben]) {
      const entries = await page.evaluate(() => Object.entries({ ...localStorage }))
      expect(entries.map(([key]) => key).sort()).toEqual(expect.arrayContaining(['global-state']))
      for (const [key, value] of entries) {
        expect(key).not.toMatch(/jwt|secret|session|password|token|cookie/i)
        expect(value).not.toMatch(/jwt|secret|password|token|a_session/i)
        expect(value).not.toContain(jwt)
        expect(value).not.toContain(BEN.password)
      }
    }
  })
})
