import type { Browser } from 'playwright-core'
import { kb, measurePage, median, type BuiltApps, type PageLoad } from './pages'
import { seedRoom } from './room-seed'
import { fmt, ratioLine } from './stats'

const MESSAGES = 100
const BUDGET_KB = 170
// Rendered message rows in the room's log (the app) and list items (the anchor).
const APP_READY = `document.querySelectorAll('[role="log"] .msg').length >= ${MESSAGES}`
const ANCHOR_READY = `document.querySelectorAll('[role="log"] li').length >= ${MESSAGES}`

/** Signs in through the app's own form and keeps the session (cookies, storage) for later loads. */
async function signedInState(browser: Browser, app: string, email: string, password: string) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(app)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForFunction(APP_READY, undefined, { timeout: 60_000 })
    return await context.storageState()
  } finally {
    await context.close()
  }
}

/**
 * A signed-in room of 100 messages: initial JavaScript (every script requested until the rows are
 * rendered) and time from navigation to the 100th row, beside the anchor's 100-item list.
 */
export async function runRoomBench(browser: Browser, apps: BuiltApps, runs = 5) {
  const account = await seedRoom(apps.app, MESSAGES)
  const state = await signedInState(browser, apps.app, account.email, account.password)
  const ours: PageLoad[] = []
  const anchor: PageLoad[] = []
  for (let i = 0; i < runs; i++) {
    ours.push(await measurePage(browser, apps.app, APP_READY, apps.appRoot, state))
    anchor.push(await measurePage(browser, `${apps.anchor}/room`, ANCHOR_READY, apps.anchorRoot))
  }
  const js = kb(median(ours.map((r) => r.jsGzipBytes)))
  const files = median(ours.map((r) => r.files.length))
  console.log(
    `\nSigned-in room with ${MESSAGES} messages (initial JavaScript, gzip -9, ${files} files; time from navigation to the ${MESSAGES}th row, median of ${runs} cold loads)`,
  )
  console.log(
    ratioLine(
      'initial JS',
      js,
      kb(median(anchor.map((r) => r.jsGzipBytes))),
      'KB',
      `≤ ${BUDGET_KB} KB`,
    ),
  )
  console.log(
    ratioLine(
      `time to ${MESSAGES} messages`,
      median(ours.map((r) => r.readyMs)),
      median(anchor.map((r) => r.readyMs)),
      'ms',
    ),
  )
  console.log(
    `runs (ms): ours ${ours.map((r) => fmt(r.readyMs, 0)).join(' ')}; anchor ${anchor.map((r) => fmt(r.readyMs, 0)).join(' ')}`,
  )
  console.log(
    `budget: ${fmt(js, 1)} KB of ${BUDGET_KB} KB → ${js <= BUDGET_KB ? 'within' : 'OVER'}`,
  )
  const largest = [...ours[0].files].sort((a, b) => b.gzip - a.gzip).slice(0, 5)
  const name = (path: string) =>
    path
      .split('/')
      .pop()!
      .replace(/-[\w-]{8}\.js$/, '')
  console.log(
    `largest (KB gzip): ${largest.map((f) => `${name(f.path)} ${fmt(kb(f.gzip), 1)}`).join(', ')}`,
  )
}
