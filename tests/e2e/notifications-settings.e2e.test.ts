import { beforeAll, describe, expect, it } from 'vitest'
import { useAppAndBrowser } from './helpers/app'
import { openPage, type TestPage } from './helpers/browser'
import { ADA } from './helpers/pair'
import { onboardViaApi, signInViaApi } from './helpers/register-api'
import { isRetry } from './helpers/attempts'
import { signedInMarker } from './helpers/users'

// Settings → Notifications: nothing is asked on load; turning it on asks the browser, and a
// refusal says so and leaves it off. (Headless Chromium reaches no real push service, so the
// subscription itself is proven by tests/compat/api-push.test.ts and the push e2e in pwa.e2e.)
const app = useAppAndBrowser()
let tab: TestPage

beforeAll(async () => {
  tab = await openPage(app.chrome.browser)
  await onboardViaApi(tab.page, app.server.url, ADA)
}, 120_000)

describe('Settings → Notifications', () => {
  it('asks for permission only when turned on, and says when the browser refuses', async (ctx) => {
    // The browser keeps its "denied" for the first attempt's context: a retry signs in anew.
    if (isRetry(ctx)) {
      await tab.close()
      tab = await openPage(app.chrome.browser)
      await signInViaApi(tab.page, app.server.url, ADA.email, ADA.password)
    }
    const { page } = tab
    await signedInMarker(page).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    const section = page.getByRole('region', { name: 'Notifications' })
    const toggle = section.getByRole('switch', { name: /Notify me on this device/ })
    await expect.poll(() => toggle.isEnabled(), { timeout: 20_000 }).toBe(true)
    expect(await toggle.isChecked()).toBe(false)
    expect(await page.evaluate(() => Notification.permission)).toBe('default')
    const asked = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const original = Notification.requestPermission.bind(Notification)
          Notification.requestPermission = () => {
            resolve(true)
            return original()
          }
        }),
    )
    await toggle.click()
    expect(await asked).toBe(true)
    // Said as the browser answered: blocked for good, or the question dismissed (asked again
    // when switched on again); one sentence, not a browser's words inside a "try again".
    const alert = section.getByRole('alert')
    await alert.waitFor({ timeout: 10_000 })
    const permission = await page.evaluate(() => Notification.permission)
    expect(await alert.innerText()).toBe(
      permission === 'denied'
        ? "Notifications are blocked for this site. Allow them in the browser's site settings, then try again."
        : 'Notifications were not allowed. Switch this on again to be asked once more.',
    )
    expect(await toggle.isChecked()).toBe(false)
    expect(await section.getByRole('list').count()).toBe(0)
  })

  it('allowed, yet refused a subscription (a private window), says what would work', async () => {
    // The test's browser contexts are private ones: Chromium refuses them a push subscription.
    const other = await openPage(app.chrome.browser)
    const { page } = other
    try {
      await page.context().grantPermissions(['notifications'], { origin: app.server.url })
      await signInViaApi(page, app.server.url, ADA.email, ADA.password)
      await page.goto(new URL('/settings', app.server.url).href)
      const section = page.getByRole('region', { name: 'Notifications' })
      const toggle = section.getByRole('switch', { name: /Notify me on this device/ })
      await expect.poll(() => toggle.isEnabled(), { timeout: 20_000 }).toBe(true)
      await toggle.click()
      const alert = section.getByRole('alert')
      await alert.waitFor({ timeout: 10_000 })
      expect(await alert.innerText()).toBe(
        'This browser window cannot receive notifications (a private window, or push turned off in the browser). Try a normal window.',
      )
      expect(await toggle.isChecked()).toBe(false)
    } finally {
      await other.close()
    }
  })

  it('blocked for the site already, says so before any try', async () => {
    const other = await openPage(app.chrome.browser)
    const { page } = other
    try {
      // The site's setting as the browser reports it (the protocol's setPermission does not
      // reach a test's own browser context).
      await page.addInitScript(() =>
        Object.defineProperty(Notification, 'permission', { get: () => 'denied' }),
      )
      await signInViaApi(page, app.server.url, ADA.email, ADA.password)
      await page.goto(new URL('/settings', app.server.url).href)
      const section = page.getByRole('region', { name: 'Notifications' })
      const toggle = section.getByRole('switch', { name: /Notify me on this device/ })
      await expect.poll(() => toggle.isEnabled(), { timeout: 20_000 }).toBe(true)
      const note = section.getByText('Notifications are blocked for this site.', { exact: false })
      await note.waitFor()
      const described = await toggle.getAttribute('aria-describedby')
      expect(await note.getAttribute('id')).toBe(described)
      expect(await section.getByRole('alert').count()).toBe(0)
    } finally {
      await other.close()
    }
  })
})
