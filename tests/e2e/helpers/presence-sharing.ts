import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Pair } from './pair'
import { signedInMarker } from './users'

// Settings' "Share my online status and typing with my partner" (off by default, reciprocal).

export const SHARE_LABEL = 'Share my online status and typing with my partner'

/** Polls `check` (also usable in hooks, where expect.poll is not). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The checkbox on the open Settings page. */
export const shareBox = (page: Page) => page.getByRole('checkbox', { name: SHARE_LABEL })

/**
 * Sets the choice the way a person does: profile menu, Settings, the checkbox (saved by the
 * server), then back to the page they came from.
 */
export async function setSharingInSettings(page: Page, on: boolean): Promise<void> {
  await signedInMarker(page).click()
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
  const box = shareBox(page)
  await until(() => box.isEnabled(), 'the sharing checkbox to be enabled')
  if ((await box.isChecked()) !== on) {
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/sharing'))
    await box.click()
    // The answer's body names a backend failure (its type) when there is one.
    const answer = await saved
    expect(answer.status(), await answer.text().catch(() => '')).toBe(200)
  }
  await until(async () => (await box.isChecked()) === on, `the checkbox to be ${on ? 'on' : 'off'}`)
  await page.goBack()
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ state: 'detached' })
}

/** Both partners share, so each sees the other's presence and typing without the admin view. */
export async function shareBoth({ ada, ben }: Pick<Pair, 'ada' | 'ben'>): Promise<void> {
  await setSharingInSettings(ada.page, true)
  await setSharingInSettings(ben.page, true)
}
