import type { Browser } from 'playwright-core'
import { reportPages } from './page-report'
import { measureBoth, type BuiltApps } from './pages'

const BUDGET_KB = 120

/** The sign-in screen of the built app beside the anchor's: initial JS and time to the heading. */
export async function runSignInBundleBench(browser: Browser, apps: BuiltApps, runs = 5) {
  const heading = `[...document.querySelectorAll('h1')].some((h) => h.textContent === 'Sign in to your account')`
  const { ours, anchor } = await measureBoth(browser, apps, { ready: heading, runs })
  reportPages({
    title: `Sign-in screen (initial JavaScript, gzip -9; time to the heading, median of ${runs} cold loads)`,
    readyLabel: 'time to sign-in heading',
    ours,
    anchor,
    budgetKb: BUDGET_KB,
    goal: '≤ 120 KB, aim 105',
  })
}
