import type { Page } from 'playwright-core'
import { TEXTS } from '../../shared/texts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRetry } from './helpers/attempts'
import { messageLog, startPair, ADA, BEN, type Pair } from './helpers/pair'
import {
  onboardViaUi,
  registerViaUi,
  signInViaUi,
  verificationLink,
  verifyViaLink,
} from './helpers/users'

// The verification landing runs the spec's steps on the server (user info, log, confirm, teams,
// status): the person verifying watches them ticked off under the spinner, and whoever is signed
// in sees a home-room notice per step, live.
let pair: Pair

beforeAll(async () => {
  pair = await startPair()
})

afterAll(async () => {
  await pair?.close()
})

const STEP_MESSAGES = [
  'Account found',
  'Verification recorded',
  'Email confirmed',
  'Joined Kathelia',
  'Status ready',
]

/**
 * Records every state of the verification checklist the page renders, from the first paint on
 * (an init script, so it runs before the app): "step:state:text" per item, per change.
 */
async function recordChecklist(page: Page) {
  await page.addInitScript(() => {
    const seen: string[][] = []
    Object.assign(window, { __checklist: seen })
    new MutationObserver(() => {
      const items = Array.from(
        document.querySelectorAll('[aria-label="Verification steps"] li'),
      ).map((li) => `${li.getAttribute('data-step')}:${li.className}:${li.textContent}`)
      const last = seen.at(-1)
      if (items.length && items.join('|') !== last?.join('|')) seen.push(items)
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
  })
}

const systemNotices = (page: Page) =>
  messageLog(page)
    .locator('.system-notice > span')
    .evaluateAll((els) => els.map((el) => el.textContent ?? ''))

describe('the verification landing', () => {
  it('shows Ben each step as the server reports it, and posts its notices to Home for Ada, live', async (ctx) => {
    // A retry starts from nobody registered: their addresses are fixed (the admin's, the special
    // list's), the first attempt's accounts would refuse a second registration, and its notices
    // would be in Home already.
    if (isRetry(ctx)) {
      await pair.close()
      pair = await startPair()
    }
    const { server, ada, ben } = pair
    await onboardViaUi(ada.page, server.url, ADA)
    await messageLog(ada.page).waitFor()
    // Alone so far: no partner is a state, not a failed request in her console.
    await expect.poll(() => ada.page.getByText('No chat partner yet').count()).toBe(1)
    expect(ada.problems.filter((p) => / 404 /.test(p))).toEqual([])
    await ada.page.evaluate(() => Object.assign(window, { __sameDocument: true }))

    await registerViaUi(ben.page, server.url, BEN)
    await recordChecklist(ben.page)
    await verifyViaLink(ben.page, await verificationLink(server.url, BEN.email))

    // Ben: every step ticked off with the server's message, in the spec's order.
    const seen = (await ben.page.evaluate('window.__checklist')) as string[][]
    expect(seen.length, 'the checklist was never rendered').toBeGreaterThan(0)
    const doneAt = STEP_MESSAGES.map((message, i) =>
      seen.findIndex((items) => items[i]!.includes(`:done:✓ ${message} (done)`)),
    )
    expect(
      doneAt.every((at) => at >= 0),
      JSON.stringify(seen),
    ).toBe(true)
    expect([...doneAt].sort((x, y) => x - y)).toEqual(doneAt)

    // Ada, without a reload: one notice per step, in order, as system notices.
    const expected = [
      `${BEN.name} opened their verification link`,
      `${BEN.name}'s verification was recorded`,
      `${BEN.name} verified their email`,
      `${BEN.name} joined Kathelia`,
      `${BEN.name} is ready to chat`,
    ]
    await expect
      .poll(async () => (await systemNotices(ada.page)).filter((t) => t.startsWith(BEN.name)), {
        timeout: 15_000,
      })
      .toEqual(expected)
    expect(await ada.page.evaluate(() => '__sameDocument' in window)).toBe(true)
  }, 120_000)

  it('a link opened again says it was used, in words, not the backend’s "Invalid token"', async () => {
    const { server, ben } = pair
    await ben.page.goto(await verificationLink(server.url, BEN.email))
    await ben.page
      .getByRole('alert')
      .filter({ hasText: TEXTS.verificationLinkUsed })
      .waitFor({ timeout: 15_000 })
    expect(new URL(ben.page.url()).search).toBe('')
  })

  it('lets Ben sign in straight away: teams and status were set up by the landing', async (ctx) => {
    const { server, ben } = pair
    // Signed out, as the test before left him (the first attempt signed him in).
    if (isRetry(ctx)) await ben.page.context().clearCookies()
    // The first-sign-in fallback would call these; the landing already did their work.
    const fallbackCalls: string[] = []
    ben.page.on('request', (req) => {
      if (/\/api\/auth\/(assign-teams|create-status)$/.test(req.url()))
        fallbackCalls.push(req.url())
    })
    await signInViaUi(ben.page, server.url, BEN.email, BEN.password)
    expect(fallbackCalls).toEqual([])
  })
})
