import { beforeEach } from 'vitest'
import { launched } from './browser'

// When a browser test fails, what each of its open pages showed: a timeout alone ("waiting for
// the composer") cannot say whether the page was signed out, still loading, showing an error or
// gone. Printed with the test's output; costs nothing while tests pass.

/** What a page shows, read in the page (at most 2 s: a hung page says so). */
async function describePage(page: import('playwright-core').Page): Promise<string> {
  const read = page.evaluate(() => {
    return {
      headings: Array.from(document.querySelectorAll('h1'), (h) => h.textContent).join(' | '),
      firstPaint: document.querySelectorAll('#first-paint').length,
      rows: document.querySelectorAll('#root [role="log"] .msg').length,
      composer: document.querySelectorAll('textarea[aria-label="Message"]').length,
      spinner: document.querySelector('.fullscreen-spinner')?.textContent ?? null,
      alerts: Array.from(document.querySelectorAll('[role="alert"]'), (a) => a.textContent).slice(
        -3,
      ),
      text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 240),
    }
  })
  const timeout = new Promise<string>((r) => setTimeout(() => r('no answer within 2 s'), 2_000))
  const state = await Promise.race([read.then((v) => JSON.stringify(v)), timeout]).catch(
    (err: unknown) => `unreadable: ${String(err)}`,
  )
  return `${page.url()}\n    ${state}`
}

beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    const pages = [...launched].flatMap((b) => b.contexts().flatMap((c) => c.pages()))
    if (!pages.length) return
    const lines = await Promise.all(pages.map(describePage))
    console.log(`open pages when the test failed:\n  ${lines.join('\n  ')}`)
  })
})
