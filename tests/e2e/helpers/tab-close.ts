import type { Page, Request } from 'playwright-core'
import { accountIdOf, apiAs } from './page-api'
import { presenceShown } from './pair'

/**
 * For closeTabSeenOffline's `statusNow`: the partner's status as the watcher's SPA reads it
 * (POST /api/auth/chatee-status with the watcher's JWT). Made while the partner's tab is open,
 * which tells its account id; the embedded backend's /v1 only (the page's own origin).
 */
export async function chateeStatusFor(watcher: Page, baseUrl: string, partner: Page) {
  const userId = await accountIdOf(partner)
  return () => apiAs(watcher, baseUrl)('/auth/chatee-status', { userId })
}

/**
 * Closes `tab` (its pagehide beacon says "offline") and waits until `watcher`, its chat partner,
 * shows that person offline within `timeout` ms. A miss says what the leads are: every presence
 * the watcher's header showed since the close, what the server holds then (`statusNow`, e.g.
 * the chatee status the watcher's SPA reads: offline there means the beacon landed and the news
 * did not reach the watcher), and the beacon if Playwright saw it leave (a closing page's
 * requests are mostly not reported). This check flaked twice on the CI machine with no lead.
 */
export async function closeTabSeenOffline(
  watcher: Page,
  tab: Page,
  timeout: number,
  statusNow?: () => Promise<unknown>,
) {
  let closedAt = Date.now()
  const since = () => `+${Date.now() - closedAt} ms`
  const beacon: string[] = []
  const context = tab.context()
  const onRequest = (r: Request) => {
    if (!new URL(r.url()).pathname.endsWith('/api/presence/beacon')) return
    beacon.push(`sent ${since()}`)
    r.response().then(
      (res) => beacon.push(`answered ${res?.status() ?? 'without a response'} ${since()}`),
      (err: Error) => beacon.push(`failed: ${err.message} ${since()}`),
    )
  }
  context.on('request', onRequest)
  await watcher.evaluate(() => {
    const log: string[] = []
    const start = performance.now()
    const header = document.querySelector('[aria-label="Chat partner"]')
    const read = () => header?.querySelector('.presence-label')?.textContent ?? '(none)'
    log.push(`${read()} at +0 ms`)
    new MutationObserver(() => {
      const now = read()
      if (!log.at(-1)?.startsWith(`${now} at`))
        log.push(`${now} at +${Math.round(performance.now() - start)} ms`)
    }).observe(header ?? document.body, { subtree: true, childList: true, characterData: true })
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
    const sent = beacon.length ? beacon.join(', ') : 'not seen leaving the tab'
    const held = statusNow
      ? await statusNow().then(
          (status) => JSON.stringify(status),
          (e: Error) => `unknown (${e.message})`,
        )
      : 'not asked'
    throw new Error(
      `not shown offline within ${timeout} ms of the tab's close. The partner's header ` +
        `showed: ${shown.join(', ')}. The server holds (${since()}): ${held}. Its beacon: ` +
        `${sent}. ${(err as Error).message}`,
    )
  } finally {
    context.off('request', onRequest)
  }
}
