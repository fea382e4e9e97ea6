import type { Page } from 'playwright-core'
import { v1InPage } from './page-api'
import { presenceShown } from './pair'

/**
 * For closeTabSeenOffline's `statusNow`: the partner's status as the watcher's SPA reads it
 * (POST /api/auth/chatee-status with a JWT of the watcher). Made while the partner's tab is
 * open, which tells its account id. `v1Origin`: the backend's, in Appwrite mode.
 */
export async function chateeStatusFor(
  watcher: Page,
  baseUrl: string,
  partner: Page,
  v1Origin = '',
) {
  const { $id: userId } = await v1InPage(partner, 'GET', '/account', undefined, v1Origin)
  return async () => {
    const { jwt } = await v1InPage(watcher, 'POST', '/account/jwts', {}, v1Origin)
    const res = await fetch(new URL('/api/auth/chatee-status', baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId }),
    })
    return { status: res.status, body: await res.json() }
  }
}

/**
 * Closes `tab` (its pagehide beacon says "offline") and waits until `watcher`, its chat partner,
 * shows that person offline within `timeout` ms. A miss says what the leads are: every presence
 * the watcher's header showed since the close, and what the server holds then (`statusNow`:
 * offline there means the beacon landed and the news did not reach the watcher; Playwright does
 * not report a closing page's beacon). This check flaked twice on the CI machine with no lead.
 */
export async function closeTabSeenOffline(
  watcher: Page,
  tab: Page,
  timeout: number,
  statusNow?: () => Promise<unknown>,
) {
  let closedAt = Date.now()
  const since = () => `+${Date.now() - closedAt} ms`
  await watcher.evaluate(() => {
    const log: string[] = []
    const start = performance.now()
    // Read afresh: React may replace the header itself.
    const read = () =>
      document.querySelector('[aria-label="Chat partner"] .presence-label')?.textContent ?? '(none)'
    log.push(`${read()} at +0 ms`)
    new MutationObserver(() => {
      const now = read()
      if (!log.at(-1)?.startsWith(`${now} at`))
        log.push(`${now} at +${Math.round(performance.now() - start)} ms`)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
    ;(window as { presenceLog?: string[] }).presenceLog = log
  })
  try {
    closedAt = Date.now()
    await tab.close()
    await presenceShown(watcher, 'Offline', timeout)
  } catch (err) {
    const shown = await watcher
      .evaluate(() => (window as { presenceLog?: string[] }).presenceLog ?? [])
      .catch(() => ['(the watcher page is gone)'])
    const held = statusNow
      ? await statusNow().then(
          (status) => JSON.stringify(status),
          (e: Error) => `unknown (${e.message})`,
        )
      : 'not asked'
    throw new Error(
      `not shown offline within ${timeout} ms of the tab's close. The partner's header ` +
        `showed: ${shown.join(', ')}. The server holds (${since()}): ${held}. ` +
        (err as Error).message,
    )
  }
}
