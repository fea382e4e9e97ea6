import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { TEXTS } from '../../shared/texts'
import { startAppServer } from '../fixtures/app-server'
import { useAppAndBrowser } from './helpers/app'
import { isRetry } from './helpers/attempts'
import { fillRegistration, openRegister, submitRegistration } from './helpers/auth-screen'
import { openPage, type TestPage } from './helpers/browser'
import { ADA, BEN, messageInLog, sendMessage } from './helpers/pair'
import { onboardViaUi } from './helpers/users'

// The dark theme follows the system setting: surfaces turn dark, and every text on them stays
// readable (WCAG AA 4.5:1), on the sign-in screen and in the signed-in app.
const app = useAppAndBrowser()
let tab: TestPage

beforeAll(async () => {
  tab = await openPage(app.chrome.browser)
}, 60_000)

type Seen = { selector: string; fg: string; bg: string; bgLuminance: number; ratio: number }

/** Each element's text colour, the background it is drawn on, and their contrast ratio. */
const look = (page: Page, selectors: string[]): Promise<Seen[]> =>
  page.evaluate((list) => {
    const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
    const lum = (c: string) => {
      const [r, g, b] = rgba(c).map((v) => {
        const s = v / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    return list.map((selector) => {
      const el = document.querySelector(selector)
      if (!el) throw new Error(`nothing matches ${selector}`)
      let bg = 'rgba(0, 0, 0, 0)'
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor
        if ((rgba(c)[3] ?? 1) > 0) {
          bg = c
          break
        }
      }
      // Drawn at its opacity, and its parents', over the background (the toast's close button).
      let alpha = 1
      for (let e: Element | null = el; e; e = e.parentElement)
        alpha *= Number(getComputedStyle(e).opacity)
      const [fr, fg_, fb] = rgba(getComputedStyle(el).color)
      const [br, bg_, bb] = rgba(bg)
      const mix = (f: number, b: number) => f * alpha + b * (1 - alpha)
      const fg = `rgb(${mix(fr!, br!)}, ${mix(fg_!, bg_!)}, ${mix(fb!, bb!)})`
      const [a, b] = [lum(fg), lum(bg)]
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
      return { selector, fg, bg, bgLuminance: lum(bg), ratio }
    })
  }, selectors)

/** Reads the selectors in the light and in the dark theme. */
async function bothThemes(page: Page, selectors: string[]) {
  await page.emulateMedia({ colorScheme: 'light' })
  const light = await look(page, selectors)
  await page.emulateMedia({ colorScheme: 'dark' })
  const dark = await look(page, selectors)
  return { light, dark }
}

const unreadable = (seen: Seen[]) =>
  seen.filter((s) => s.ratio < 4.5).map((s) => `${s.selector}: ${s.fg} on ${s.bg}`)

describe('dark mode', () => {
  it('the sign-in screen and its toast turn dark and stay readable', async () => {
    const { page } = tab
    await openRegister(page, app.server.url)
    // An unlisted email: the refusal shows in the card and as a toast.
    await fillRegistration(page, {
      email: 'eve@kathelia.test',
      firstname: 'Eve',
      lastname: 'Example',
      password: 'Ev3-is-listening!',
      confirmPassword: 'Ev3-is-listening!',
    })
    await submitRegistration(page)
    await page.locator('.Toastify__toast').waitFor()
    // Read once its entrance (which fades it in) is over; not its progress bar's, which runs
    // until the toast closes itself and fades out.
    await page
      .locator('.Toastify__toast')
      .evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
    const selectors = [
      '.auth-card h1',
      '.auth-card label',
      '.auth-switch',
      '.auth-card .notice-error',
      '.auth-card input',
      '.Toastify__toast',
    ]
    const { light, dark } = await bothThemes(page, selectors)
    expect(light[0]!.bgLuminance).toBeGreaterThan(0.8)
    for (const seen of dark) expect(seen.bgLuminance, seen.selector).toBeLessThan(0.05)
    expect(unreadable(light)).toEqual([])
    expect(unreadable(dark)).toEqual([])
    const root = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)
    expect(root).toBe('light dark')
    // Its close button, a control: at least 3:1 (WCAG 1.4.11) in both, read once its colour's
    // transition to the scheme is over.
    const close = page.locator('.Toastify__close-button')
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await close.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
      const [seen] = await look(page, ['.Toastify__close-button'])
      expect(seen!.ratio, colorScheme).toBeGreaterThan(3)
    }
  })

  it('signed in, the sidebar, top bar, chat, bubbles, panel and notices turn dark and stay readable', async (ctx) => {
    // A retry starts from nobody registered, on a fresh server and tab: Ada and Ben's addresses
    // are fixed (the admin's, the special list's), the first attempt's accounts would refuse a
    // second registration, and its messages would be in Home twice.
    if (isRetry(ctx)) {
      await tab.close()
      await app.server.close()
      app.server = await startAppServer()
      tab = await openPage(app.chrome.browser)
    }
    const { page } = tab
    await page.emulateMedia({ colorScheme: 'light' })
    await onboardViaUi(page, app.server.url, ADA)
    // Ben joins (his arrival is a system notice in Home) and writes.
    const ben = await openPage(app.chrome.browser)
    await onboardViaUi(ben.page, app.server.url, BEN)
    await sendMessage(ben.page, 'Hello Ada')
    await sendMessage(page, 'Good evening')
    await messageInLog(page, 'Hello Ada').waitFor()
    await page.locator('.system-notice').first().waitFor()
    await ben.close()
    const chat = [
      '.sidebar',
      '.nav-link:not(.active)',
      '.top-bar',
      '.chatee-name',
      '.chat-head h1',
      '.msg.theirs .msg-text',
      '.msg.theirs .msg-meta',
      '.system-notice',
    ]
    const chatThemes = await bothThemes(page, [...chat, '.history-start', '.composer textarea'])
    // The own bubble keeps its colour (white on indigo) in both.
    const bubble = await bothThemes(page, ['.msg.mine .msg-text', '.msg.mine .msg-meta'])
    // So does one waiting for the connection, and the line that says so.
    await page.context().setOffline(true)
    let waiting: Awaited<ReturnType<typeof bothThemes>>
    try {
      await sendMessage(page, 'On the train')
      await page.getByText('Waiting for the connection to send').waitFor()
      waiting = await bothThemes(page, [
        '.msg.failed .msg-text',
        '.msg.failed .msg-meta',
        '.msg-failed.waiting',
      ])
    } finally {
      await page.context().setOffline(false)
    }
    await page.getByText('Waiting for the connection to send').waitFor({ state: 'detached' })

    await page.getByRole('button', { name: TEXTS.createRoomTitle }).click()
    const panel = page.getByRole('dialog', { name: TEXTS.createRoomTitle })
    await panel.getByRole('button', { name: 'Create room' }).click()
    await panel.locator('.notice-warning').waitFor()
    const panelThemes = await bothThemes(page, [
      '.side-panel h2',
      '.side-panel label',
      '.notice-warning',
    ])

    for (const { light, dark } of [chatThemes, panelThemes]) {
      for (const [i, seen] of dark.entries()) {
        expect(seen.bgLuminance, seen.selector).toBeLessThan(0.05)
        expect(seen.bg, seen.selector).not.toBe(light[i]!.bg)
      }
      expect(unreadable(light)).toEqual([])
      expect(unreadable(dark)).toEqual([])
    }
    expect(bubble.dark.map((s) => s.bg)).toEqual(bubble.light.map((s) => s.bg))
    expect(unreadable(bubble.dark)).toEqual([])
    expect(unreadable([...waiting.light, ...waiting.dark])).toEqual([])
  })
})
