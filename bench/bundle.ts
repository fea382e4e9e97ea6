import type { Browser } from 'playwright-core'
import { reportPages } from './page-report'
import { measureBoth, median, type BuiltApps } from './pages'
import { PROFILE_LABEL } from './mobile-profile'
import { fmt } from './stats'

// Issue 17's goal, also held by tests/prod/initial-js.prod.test.ts on the production build.
const BUDGET_KB = 105

/**
 * The sign-in screen of the built app beside the anchor's, on loopback and under the mobile
 * profile: initial JS and time to the heading.
 */
export async function runSignInBundleBench(browser: Browser, apps: BuiltApps, runs = 5) {
  const heading = `[...document.querySelectorAll('h1')].some((h) => h.textContent === 'Sign in to your account')`
  for (const profile of ['loopback', 'mobile'] as const) {
    const { ours, anchor, first } = await measureBoth(browser, apps, {
      ready: heading,
      runs,
      profile,
    })
    reportPages({
      title: `Sign-in screen, ${PROFILE_LABEL[profile]} (initial JavaScript, gzip -9; time to the heading, median of ${runs} cold loads)`,
      readyLabel: 'time to sign-in heading',
      ours,
      anchor,
      first,
      budgetKb: BUDGET_KB,
      goal: `≤ ${BUDGET_KB} KB`,
    })
    const ratio = median(ours.map((r) => r.readyMs)) / median(anchor.map((r) => r.readyMs))
    console.log(
      `goal (${profile}): heading ${fmt(ratio, 2)}× the anchor of ≤ 1.1× → ${ratio <= 1.1 ? 'met' : 'MISSED'}`,
    )
  }
}
