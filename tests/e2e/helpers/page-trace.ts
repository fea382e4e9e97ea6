import type { Page } from 'playwright-core'
import { onTestFailed, onTestFinished } from 'vitest'

/**
 * For a test that failed in CI only: what the page asked of the API and what it was told, and
 * when, printed beside the failure. Call it inside the test. Without it, "Ben never got the
 * message" cannot tell a send that never went from one that went and never arrived.
 */
export function traceOnFailure(pages: Record<string, Page>, url = '/api/') {
  const started = Date.now()
  const lines: string[] = []
  const note = (who: string, line: string) =>
    lines.push(`${Date.now() - started} ms ${who} ${line}`)
  const offs = Object.entries(pages).map(([who, page]) => {
    const sent = (r: { url(): string; method(): string }) =>
      r.url().includes(url) && note(who, `→ ${r.method()} ${new URL(r.url()).pathname}`)
    const failed = (r: { url(): string; failure(): { errorText: string } | null }) =>
      r.url().includes(url) && note(who, `✗ ${new URL(r.url()).pathname} ${r.failure()?.errorText}`)
    const answered = (r: { url(): string; status(): number }) =>
      r.url().includes(url) && note(who, `← ${r.status()} ${new URL(r.url()).pathname}`)
    const loaded = () => note(who, 'page loaded')
    const socket = () => note(who, 'realtime socket opened')
    page.on('request', sent).on('requestfailed', failed).on('response', answered)
    page.on('load', loaded).on('websocket', socket)
    return () => {
      page.off('request', sent).off('requestfailed', failed).off('response', answered)
      page.off('load', loaded).off('websocket', socket)
    }
  })
  onTestFailed(async () => {
    const states = await Promise.all(
      Object.entries(pages).map(async ([who, page]) => {
        const rows = await page
          .locator('.msg')
          .evaluateAll((els) => els.slice(-8).map((el) => (el as HTMLElement).innerText))
          .catch((err: unknown) => [String(err)])
        // Where the focus is and which menus are open: a menu that closed by itself shows here.
        const focus = await page
          .evaluate(() => {
            const at = document.activeElement
            const menus = document.querySelectorAll('[role=menu]').length
            // A page hidden or scrolled up reads nothing: no receipt, no "Seen" for the partner.
            const box = document.querySelector('.message-scroll')
            const up = box ? Math.round(box.scrollHeight - box.scrollTop - box.clientHeight) : null
            return `focus on ${at?.tagName} "${at?.getAttribute('aria-label') ?? at?.textContent?.slice(0, 40)}", ${menus} menu(s) open, ${document.visibilityState}, ${up} px above the room's bottom`
          })
          .catch((err: unknown) => String(err))
        return `${who}: ${focus}; last rows:\n  ${rows.map((r) => r.replace(/\s+/g, ' ')).join('\n  ')}`
      }),
    )
    console.log(['Trace of the failed test:', ...lines, ...states].join('\n'))
  })
  onTestFinished(() => offs.forEach((off) => off()))
}
