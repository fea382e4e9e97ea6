import type { Page } from 'playwright-core'

/** The app's entry script (the built `index-<hash>.js`), as a route pattern. */
export const APP_SCRIPT = /\/assets\/index-[\w-]+\.js$/
/** The sign-in screen's own chunk (web/features/auth/lazy-auth-screen.ts). */
export const SIGN_IN_SCRIPT = /\/assets\/sign-in-[\w-]+\.js$/

/** Holds every request of `page` matching `url` until the returned release is called. */
export async function holdRequests(
  page: Page,
  url: string | RegExp | ((url: URL) => boolean),
): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((r) => (release = r))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Watches the page from its first byte: whether `condition` (a JS expression) ever held, even for
 * a moment between two of the test's own looks. Read it with the returned function.
 */
export async function everHeld(page: Page, condition: string): Promise<() => Promise<boolean>> {
  const flag = `__held_${Math.random().toString(36).slice(2)}`
  await page.addInitScript(`new MutationObserver(() => {
    if (${condition}) window.${flag} = true
  }).observe(document, { subtree: true, childList: true, attributes: true })`)
  return async () =>
    (await page.evaluate((f) => (window as unknown as Record<string, unknown>)[f], flag)) === true
}

/** The drawn sign-in screen (scripts/auth-paint.ts) is showing. */
export const DRAWN_SIGN_IN_SHOWN = `(() => { const p = document.getElementById('auth-paint'); return !!p && !p.hidden })()`
