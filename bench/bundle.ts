import type { Browser } from 'playwright-core'
import { measurePage, kb, median, type BuiltApps, type PageLoad } from './pages'
import { fmt, ratioLine } from './stats'

const BUDGET_KB = 120

/** The sign-in screen of the built app beside the anchor's: initial JS and time to the heading. */
export async function runSignInBundleBench(browser: Browser, apps: BuiltApps, runs = 5) {
  const heading = `[...document.querySelectorAll('h1')].some((h) => h.textContent === 'Sign in to your account')`
  const ours: PageLoad[] = []
  const anchor: PageLoad[] = []
  for (let i = 0; i < runs; i++) {
    ours.push(await measurePage(browser, apps.app, heading, apps.appRoot))
    anchor.push(await measurePage(browser, apps.anchor, heading, apps.anchorRoot))
  }
  console.log(
    `\nSign-in screen (initial JavaScript, gzip -9; time to the heading, median of ${runs} cold loads)`,
  )
  const js = kb(median(ours.map((r) => r.jsGzipBytes)))
  console.log(
    ratioLine(
      'initial JS',
      js,
      kb(median(anchor.map((r) => r.jsGzipBytes))),
      'KB',
      '≤ 120 KB, aim 105',
    ),
  )
  console.log(
    ratioLine(
      'time to sign-in heading',
      median(ours.map((r) => r.readyMs)),
      median(anchor.map((r) => r.readyMs)),
      'ms',
    ),
  )
  console.log(
    `budget: ${fmt(js, 1)} KB of ${BUDGET_KB} KB → ${js <= BUDGET_KB ? 'within' : 'OVER'}`,
  )
}
