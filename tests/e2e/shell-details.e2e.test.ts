import { describe, expect, it } from 'vitest'
import { TOAST_AUTO_CLOSE_MS } from '../../shared/constants'
import { FORM_TEXTS } from '../../shared/form-texts'
import { PART_MISSING } from '../../shared/texts'
import { useAppAndBrowser, useFreshTab } from './helpers/app'
import { allowNumbered, numberedEmail } from './helpers/attempts'
import { fillRegistration, openRegister, submitRegistration, visible } from './helpers/auth-screen'
import { authCard, onboardViaUi, signedInMarker, signInViaUi } from './helpers/users'

// The app's frame around every screen: the whole-screen spinner while the session loads (spec
// section 2) and the toasts' auto-close (spec section 9).
const DUMMY = 'dummy@kathelia.test'
const app = useAppAndBrowser(allowNumbered(DUMMY, 3))
const tab = useFreshTab(app)
// Dee's account is made per attempt, under a numbered address: an address registers once.
let attempt = 0
const PASSWORD = 'Str0ng!pass'

describe('the app shell', () => {
  it('fills the screen with a spinner while the session loads', async () => {
    const { page, problems } = tab
    await onboardViaUi(page, app.server.url, {
      name: 'Dee Dummy',
      email: numberedEmail(DUMMY, ++attempt),
      password: PASSWORD,
    })
    // Hold the account check of the next load until the spinner has been seen.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/v1/account', async (route) => {
      await held
      await route.continue()
    })
    // The page without the data the Worker embeds for a session (worker/routes/first-load.ts),
    // as with real Appwrite, whose session cookie this origin never sees: the SPA must ask. The
    // element goes as the parser adds it, before any script of the app runs.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const data = document.getElementById('first-load')
        if (!data) return
        data.remove()
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    // The early session probe reads the account; the account check takes it from there.
    let accountReads = 0
    const asked: string[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (r.method() === 'GET' && path === '/v1/account') accountReads++
      asked.push(path)
    })
    await page.reload()
    const spinner = page.getByRole('status').filter({ hasText: /^Loading$/ })
    await visible(spinner, problems)
    const box = await spinner.boundingBox()
    expect(box).toEqual({ x: 0, y: 0, ...page.viewportSize()! })
    expect(await signedInMarker(page).count()).toBe(0)
    expect(await authCard(page).count()).toBe(0)
    // Signed in when last used: a JWT and Home's messages are asked for while the probe is out.
    const early = () =>
      ['/v1/account/jwts', '/v1/tablesdb/kathelia/tables/messages/rows'].filter((p) =>
        asked.includes(p),
      )
    await expect.poll(early, { timeout: 15_000 }).toHaveLength(2)
    release()
    await visible(signedInMarker(page), problems, 45_000)
    expect(accountReads).toBe(1)
    await page.unrouteAll({ behavior: 'wait' })
  }, 120_000)

  it("a screen whose part of the app did not arrive says so, in the app's words, and reloads", async () => {
    // A context without the service worker, which would serve the part from its cache.
    const context = await app.chrome.browser.newContext({ serviceWorkers: 'block' })
    try {
      const page = await context.newPage()
      await page.addInitScript('globalThis.__name = (f) => f')
      await signInViaUi(page, app.server.url, numberedEmail(DUMMY, attempt), PASSWORD)
      await page.route(/\/assets\/settings-[\w-]+\.js$/, (route) => route.abort())
      await page.goto(`${app.server.url}/settings`)
      const error = page.getByRole('alert').filter({
        has: page.getByRole('heading', { name: 'Kathelia could not load this screen' }),
      })
      await error.getByText('Part of the app did not arrive. Reload to try again.').waitFor()
      // Not the router's own bare page.
      expect(await page.getByText('Something went wrong!').count()).toBe(0)
      await page.unrouteAll()
      await error.getByRole('button', { name: 'Reload' }).click()
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    } finally {
      await context.close()
    }
  })

  it('a panel whose part of the app did not arrive closes with a toast; the next click opens it', async () => {
    // A context without the service worker, which would serve the part from its cache.
    const context = await app.chrome.browser.newContext({ serviceWorkers: 'block' })
    try {
      const page = await context.newPage()
      await signInViaUi(page, app.server.url, numberedEmail(DUMMY, attempt), PASSWORD)
      let refused = 0
      await page.route(/\/assets\/profile-menu-panel-[\w-]+\.js$/, (route) => {
        refused++
        return route.abort()
      })
      await page.reload()
      await page.getByRole('textbox', { name: 'Message' }).waitFor()
      const button = page.getByRole('button', { name: 'Profile menu' })
      await button.click()
      await page
        .getByRole('alert')
        .filter({ hasText: PART_MISSING.body(true) })
        .waitFor()
      // The room as it was, not the screen's error page; the menu closed again.
      expect(await page.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true)
      expect(await page.getByText('Kathelia could not load this screen').count()).toBe(0)
      expect(await button.getAttribute('aria-expanded')).toBe('false')
      expect(refused).toBeGreaterThan(0)
      await page.unrouteAll()
      await button.click()
      await page.getByRole('menuitem', { name: 'Settings' }).waitFor()
    } finally {
      await context.close()
    }
  })

  it('closes a toast by itself after 5 seconds', async () => {
    const { page, problems } = tab
    await openRegister(page, app.server.url, problems)
    await fillRegistration(page, {
      email: 'eve@kathelia.test',
      firstname: 'Eve',
      lastname: 'Outsider',
      password: 'Str0ng!pass',
      confirmPassword: 'Str0ng!pass',
    })
    await submitRegistration(page)
    const toast = page
      .getByRole('alert')
      .filter({ hasText: new RegExp(`^Registration${FORM_TEXTS.unauthorizedRegistration}$`) })
    await visible(toast, problems)
    // The toast's timer is its progress bar's animation: when it ends, the toast closes.
    const timer = page.getByRole('progressbar', { name: 'notification timer' })
    expect(await timer.evaluate((el) => getComputedStyle(el).animationDuration)).toBe(
      `${TOAST_AUTO_CLOSE_MS / 1000}s`,
    )
    await toast.waitFor({ state: 'detached', timeout: 15_000 })
  })
})
