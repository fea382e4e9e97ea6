import type { Browser } from 'playwright-core'
import { reportPages } from './page-report'
import { measureBoth, type BuiltApps } from './pages'

// Issue 17's goal, also held by tests/prod/initial-js.prod.test.ts on the production build.
const BUDGET_KB = 105

/** The sign-in screen of the built app beside the anchor's: initial JS and time to the heading. */
export async function runSignInBundleBench(browser: Browser, apps: BuiltApps, runs = 5) {
  const heading = `[...document.querySelectorAll('h1')].some((h) => h.textContent === 'Sign in to your account')`
  const { ours, anchor, first } = await measureBoth(browser, apps, { ready: heading, runs })
  reportPages({
    title: `Sign-in screen (initial JavaScript, gzip -9; time to the heading, median of ${runs} cold loads)`,
    readyLabel: 'time to sign-in heading',
    ours,
    anchor,
    first,
    budgetKb: BUDGET_KB,
    goal: `≤ ${BUDGET_KB} KB`,
  })
}
