import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageInLog, messageLog, sendMessage, useOnboardedPair, ADA } from './helpers/pair'
import { signInViaApi } from './helpers/register-api'
import { createRooms, sidebarRoom } from './helpers/rooms'

// Ada on a phone (a touch screen, 390 × 844), Ben at his desk: what only a touch screen or a
// small one changes, and what being offline looks like there.
const pair = useOnboardedPair()
let phone: Page
let attempt = 0

beforeAll(async () => {
  const context = await pair.chrome.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  phone = await context.newPage()
  // The system's Back reaches a page as a CloseWatcher's close (Chrome on Android), which a
  // test cannot press: this stand-in keeps the watchers the app makes, to close them as Back does.
  await phone.addInitScript(() => {
    const made: { onclose: (() => void) | null; destroyed: boolean }[] = []
    Object.assign(window, {
      __watchers: made,
      CloseWatcher: class {
        onclose: (() => void) | null = null
        destroyed = false
        constructor() {
          made.push(this)
        }
        destroy() {
          this.destroyed = true
        }
      },
    })
  })
  await signInViaApi(phone, pair.server.url, ADA.email, ADA.password)
}, 60_000)

afterAll(() => phone?.context().close())

const box = (page: Page) => page.getByRole('textbox', { name: 'Message' })
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' })

/** What a finger at the middle of `selector`'s box would touch: its tag and class. */
const touchedAt = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect()
    const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return el && `${el.tagName.toLowerCase()}.${el.className}`
  }, selector)

describe('on a phone', () => {
  it('Enter is a new line (the keyboard has no Shift+Enter); the send button sends', async () => {
    const [first, second] = [`Shopping list #${++attempt}:`, `- bread #${attempt}`]
    await box(phone).tap()
    await box(phone).pressSequentially(first)
    await box(phone).press('Enter')
    await box(phone).pressSequentially(second)
    expect(await box(phone).inputValue()).toBe(`${first}\n${second}`)
    expect(await messageInLog(pair.ben.page, first).count()).toBe(0)
    await sendButton(phone).tap()
    await messageLog(pair.ben.page)
      .locator('.msg-text')
      .filter({ hasText: second })
      .filter({ hasText: first })
      .waitFor()
  })

  it('an emoji tapped in goes into the box without popping the keyboard over the panel', async () => {
    const text = `Tea? #${++attempt} `
    await box(phone).fill(text)
    await phone.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await phone.getByRole('button', { name: 'Emoji' }).tap()
    const panel = phone.getByRole('dialog', { name: 'Emoji' })
    await panel.getByRole('button', { name: '😀', exact: true }).last().tap()
    expect(await box(phone).inputValue()).toBe(`${text}😀`)
    // The box has no focus: a phone's keyboard would cover the panel.
    expect(await box(phone).evaluate((b) => b === document.activeElement)).toBe(false)
    await panel.waitFor()
    await phone.getByRole('button', { name: 'Emoji' }).tap()
    await panel.waitFor({ state: 'detached' })
    await box(phone).fill('')
  })

  it('the magnifier of the folded search box opens it', async () => {
    // Folded first: a box still closing (0.15 s, as after a retry's first attempt) moves the
    // magnifier from under the tap, which must be forced (the icon lets taps through).
    await expect
      .poll(() => phone.locator('.search').evaluate((el) => el.getBoundingClientRect().width))
      .toBeLessThan(48)
    await phone.locator('.search .icon').tap({ force: true })
    await expect
      .poll(() => phone.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Search messages')
    // Open, it takes the bar beside the partner's avatar rather than cutting the name to "Be…";
    // the name is still there for a screen reader.
    await expect
      .poll(() => phone.locator('.search').evaluate((el) => el.getBoundingClientRect().width))
      .toBeGreaterThan(220)
    const name = phone.locator('.top-bar .chatee-name')
    expect(await name.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1)
    expect(await phone.getByLabel('Chat partner').innerText()).toContain('Ben')
    await phone.keyboard.press('Escape')
    await box(phone).tap()
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  })

  it('offline, the notice leaves the composer free and a send waits for the connection', async () => {
    const text = `Written in a tunnel #${++attempt}`
    const errors: string[] = []
    const onError = (err: Error) => errors.push(err.message)
    phone.on('pageerror', onError)
    await phone.context().setOffline(true)
    try {
      await phone
        .getByRole('status')
        .filter({ hasText: 'You are offline' })
        .waitFor({ timeout: 15_000 })
      expect(await touchedAt(phone, '.composer textarea')).toMatch(/^textarea/)
      // It covers nothing: the room's name is still what is seen at the name's place.
      expect(await touchedAt(phone, '#chat-title')).toMatch(/^h1/)
      // The partner's status is no news while offline: the header says what is going on.
      await phone.getByLabel('Chat partner').getByText('Waiting for network…').waitFor()
      await box(phone).tap()
      await box(phone).pressSequentially(text)
      await sendButton(phone).tap()
      const row = messageLog(phone).locator('.msg', { hasText: text })
      await row.getByText('Waiting for the connection to send').waitFor()
      // Not an error: nothing to retry by hand.
      expect(await row.getByRole('alert').count()).toBe(0)
    } finally {
      await phone.context().setOffline(false)
    }
    await messageInLog(pair.ben.page, text).waitFor({ timeout: 20_000 })
    // The realtime socket's failures while offline are the SDK's to retry, no page error.
    phone.off('pageerror', onError)
    expect(errors).toEqual([])
    await expect
      .poll(() => messageLog(phone).getByText('Waiting for the connection').count())
      .toBe(0)
  })

  it('in landscape, a message menu taller than the list is shown whole over the window', async () => {
    const turned = `Turn the phone #${++attempt}`
    await sendMessage(pair.ben.page, turned)
    // Here before the menu opens: a row arriving after it scrolls the list under it (ci147).
    await messageInLog(phone, turned).waitFor()
    await phone.setViewportSize({ width: 844, height: 390 })
    try {
      const own = messageLog(phone).locator('.msg.mine').last()
      await own.locator('.msg-menu-button').tap()
      const menu = phone.locator('.msg-menu')
      const del = menu.getByRole('menuitem', { name: 'Delete' })
      await del.waitFor({ state: 'attached' })
      // The list is about 200 px high here; the menu takes the window, all of it in view.
      // Whole in the window, and no item or reaction squeezed or cut by its side: placed over
      // the window at the right, the menu once took only the 172 px left of it.
      const fits = () =>
        menu.evaluate((m) => {
          const r = m.getBoundingClientRect()
          const parts = [
            ...m.querySelectorAll<HTMLElement>('[role="menuitem"], .quick-reactions button'),
          ]
          const whole = parts.every((p) => {
            const b = p.getBoundingClientRect()
            return b.left >= r.left && b.right <= r.right && p.scrollWidth <= p.clientWidth
          })
          return (
            r.top >= 0 &&
            r.bottom <= innerHeight &&
            r.left >= 0 &&
            r.right <= innerWidth &&
            m.scrollHeight <= m.clientHeight &&
            whole
          )
        })
      // Placed again as its chunks' parts arrive (use-panel-placement.ts): under a loaded
      // machine that took longer than the poll's default second once (docs/testing.md ⁴).
      await expect.poll(fits, { timeout: 10_000 }).toBe(true)
      // Its message scrolled far out of the list, it goes out of the window with it.
      const away = () =>
        menu.evaluate((m) => {
          const r = m.getBoundingClientRect()
          return r.bottom < 0 || r.top > innerHeight
        })
      await messageLog(phone).evaluate((log) => (log.closest('.message-scroll')!.scrollTop -= 3000))
      await expect.poll(away).toBe(true)
      await messageLog(phone).evaluate((log) => (log.closest('.message-scroll')!.scrollTop += 3000))
      await expect.poll(fits).toBe(true)
      expect(await touchedAt(phone, '.msg-menu [role="menuitem"]:last-child')).toMatch(/^button/)
    } finally {
      // Closed whatever happened: a retry's tap on the button would close it instead.
      await phone.keyboard.press('Escape')
      await phone.setViewportSize({ width: 390, height: 844 })
    }
  })

  it('a reaction typed in takes one emoji, and says so rather than failing', async () => {
    // A message of its own: a retry's tap on the first attempt's 🦄 would take it back.
    const text = `Something to react to #${++attempt}`
    await sendMessage(pair.ben.page, text)
    await messageInLog(phone, text).waitFor()
    const theirs = messageLog(phone).locator('.msg.theirs').filter({ hasText: text })
    await theirs.locator('.msg-menu-button').tap()
    await phone.getByRole('menuitem', { name: 'React' }).tap()
    const other = phone.getByRole('textbox', { name: 'Any emoji' })
    const react = phone.getByRole('button', { name: 'React', exact: true })
    await other.fill('hello')
    expect(await react.isDisabled()).toBe(true)
    await phone.getByText('Type one emoji').waitFor()
    await other.fill('🦄')
    expect(await react.isEnabled()).toBe(true)
    await react.tap()
    await theirs.getByRole('button', { name: /🦄/ }).waitFor()
  })

  it('a message swiped to the right is answered; a short swipe or one down the list is not', async () => {
    const text = `Swipe me to answer #${++attempt}`
    await sendMessage(pair.ben.page, text)
    const bubble = messageLog(phone).locator('.msg', { hasText: text }).locator('.bubble')
    await bubble.waitFor()
    const quote = phone.getByText(/^Replying to/)
    const cdp = await phone.context().newCDPSession(phone)
    const swipe = async (dx: number, dy = 0) => {
      const at = (await bubble.boundingBox())!
      const [x, y] = [at.x + 40, at.y + at.height / 2]
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', i = 0) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x: x + (dx * i) / 6, y: y + (dy * i) / 6 }],
        })
      await touch('touchStart')
      for (let i = 1; i <= 6; i++) await touch('touchMove', i)
      // Held still before it lifts: a finger lifted on the move is a fling, and the browser
      // takes the next tap as the one that stops it.
      await new Promise((r) => setTimeout(r, 150))
      await touch('touchMove', 6)
      await touch('touchEnd')
    }
    const noReply = async () => {
      await new Promise((r) => setTimeout(r, 300))
      expect(await quote.count()).toBe(0)
    }
    try {
      await swipe(40)
      await noReply()
      await swipe(100)
      await quote.waitFor()
      expect(await phone.locator('.quote-bar').innerText()).toContain(text)
      // Back in its place once let go.
      await expect
        .poll(() => bubble.evaluate((el) => el.closest<HTMLElement>('.msg')!.style.translate))
        .toBe('')
      await phone.getByRole('button', { name: 'Cancel reply' }).tap()
      await quote.waitFor({ state: 'detached' })
      // An edit under way is not dropped for it.
      const mine = `Mine to edit #${attempt}`
      await box(phone).fill(mine)
      await sendButton(phone).tap()
      const own = messageLog(phone).locator('.msg', { hasText: mine })
      await own.locator('.msg-menu-button').tap()
      await phone.getByRole('menuitem', { name: 'Edit' }).tap()
      const editor = own.locator('.msg-editor textarea')
      await editor.waitFor()
      await swipe(100)
      await noReply()
      expect(await editor.count()).toBe(1)
      await editor.press('Escape')
      await editor.waitFor({ state: 'detached' })
      // Down the list it scrolls, and answers nothing.
      await swipe(8, 90)
      await noReply()
    } finally {
      await cdp.detach()
      if (await quote.count()) await phone.getByRole('button', { name: 'Cancel reply' }).tap()
      await messageLog(phone).evaluate((log) => {
        const scroller = log.closest('.message-scroll')!
        scroller.scrollTop = scroller.scrollHeight
      })
    }
  })

  it('a finger held on a link opens the message menu, and the link does not open', async () => {
    const url = `https://example.com/only-a-link-${++attempt}`
    await sendMessage(pair.ben.page, url)
    const link = messageLog(phone).getByRole('link', { name: url })
    await link.waitFor()
    const tabs = phone.context().pages().length
    const outline = () =>
      link.evaluate((el) => getComputedStyle(el.closest('.bubble')!).outlineStyle)
    expect(await outline()).toBe('none')
    const at = (await link.boundingBox())!
    const cdp = await phone.context().newCDPSession(phone)
    const point = { x: at.x + at.width / 2, y: at.y + at.height / 2 }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
    await phone.getByRole('menuitem', { name: 'Copy text' }).waitFor()
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await cdp.detach()
    await new Promise((r) => setTimeout(r, 500))
    expect(phone.context().pages().length).toBe(tabs)
    expect(await phone.getByRole('menuitem', { name: 'Copy text' }).isVisible()).toBe(true)
    // The pressed message reads as selected while its menu lies over its neighbours.
    expect(await outline()).toBe('solid')
    await phone.keyboard.press('Escape')
  })

  it('the system’s Back closes the open drawer, not the page behind it', async () => {
    const back = () =>
      phone.evaluate(() => {
        const all = (
          window as unknown as { __watchers: { onclose: () => void; destroyed: boolean }[] }
        ).__watchers
        const open = all.filter((w) => !w.destroyed)
        open.at(-1)?.onclose()
        return open.length
      })
    const url = phone.url()
    await phone.getByRole('button', { name: /^Open menu/ }).tap()
    const drawer = phone.getByRole('dialog', { name: 'Sidebar' })
    await drawer.waitFor()
    expect(await back()).toBe(1)
    await drawer.waitFor({ state: 'hidden' })
    expect(phone.url()).toBe(url)
    // Closed, it watches no more: Back is the page's again.
    await expect.poll(back).toBe(0)
  })

  it('the browser’s Back with the drawer open goes back and closes it', async () => {
    // A Back no CloseWatcher sees (a browser's button, a swipe back outside Chrome on Android).
    const menuButton = phone.getByRole('button', { name: /^Open menu/ })
    const drawer = phone.getByRole('dialog', { name: 'Sidebar' })
    const before = phone.url()
    await menuButton.tap()
    await drawer.getByRole('link', { name: 'Bookmarks' }).tap()
    await phone.waitForURL(/\/bookmarks/)
    await menuButton.tap()
    await drawer.waitFor()
    await phone.goBack()
    await phone.waitForURL(before)
    await drawer.waitFor({ state: 'hidden' })
    await messageLog(phone).waitFor()
  })

  it('system notices are centred pills, their time on one line', async () => {
    const notice = messageLog(phone).locator('.system-notice').first()
    const { left, right, timeLines } = await notice.evaluate((n) => {
      const area = n.closest('.message-scroll')!.getBoundingClientRect()
      const r = n.getBoundingClientRect()
      const time = n.querySelector('time')!
      const lines = time.getClientRects().length
      return { left: r.left - area.left, right: area.right - r.right, timeLines: lines }
    })
    expect(Math.abs(left - right)).toBeLessThan(12) // the scrollbar's width, at most
    expect(timeLines).toBe(1)
  })

  it('a placeholder wider than the box shows its first line, whole words, in a box one line tall', async () => {
    const { ada } = pair
    const name = `Weekend planning ${++attempt}`
    await createRooms(ada.page, name)
    await sidebarRoom(ada.page, name).click()
    await ada.page.waitForURL(/\/rooms\//)
    await phone.goto(ada.page.url())
    await expect.poll(() => box(phone).getAttribute('placeholder')).toBe(`Message ${name}`)
    const fit = await box(phone).evaluate((el: HTMLTextAreaElement) => {
      const style = getComputedStyle(el)
      const ctx = document.createElement('canvas').getContext('2d')!
      ctx.font = style.font
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      return {
        over: ctx.measureText(el.placeholder).width > room,
        // Chromium draws no ellipsis there: one line of it was cut mid-word.
        wraps: getComputedStyle(el, '::placeholder').whiteSpace !== 'nowrap',
        height: el.getBoundingClientRect().height,
      }
    })
    expect(fit.over).toBe(true) // the case under test: it does not fit a phone's box
    expect(fit.wraps).toBe(true)
    // One line tall, as the box with a word typed: neither the wrapped line nor a jump shows.
    await box(phone).fill('Hi')
    expect((await box(phone).boundingBox())!.height).toBeCloseTo(fit.height, 0)
    await box(phone).fill('')
  })
})
