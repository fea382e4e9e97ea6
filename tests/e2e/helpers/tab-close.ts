import type { Page } from 'playwright-core'
import { presenceShown } from './pair'

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
  let closedAt = 0
  const since = () => `+${Date.now() - closedAt} ms`
  await watcher.evaluate(() => {
    const start = performance.now()
    // Read afresh: React may replace the header itself.
    const read = () =>
      document.querySelector('[aria-label="Chat partner"] .presence-label')?.textContent ?? '(none)'
    let shown = read()
    const log = [`${shown} at +0 ms`]
    new MutationObserver(() => {
      const now = read()
      if (now === shown) return
      shown = now
      log.push(`${shown} at +${Math.round(performance.now() - start)} ms`)
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
