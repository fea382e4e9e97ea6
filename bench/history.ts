import type { Browser, Page } from 'playwright-core'
import { Query } from 'node-appwrite'
import { exampleVars } from '../scripts/local-vars'
import { HOME_ROOM_ID, MESSAGES_PER_BATCH } from '../shared/constants'
import { DATABASE_ID, TABLE_IDS } from '../shared/db-ids'
import { frameTimer } from './frame-timer'
import { seedHistory } from './history-seed'
import { launchBrowser } from '../tests/e2e/helpers/browser'
import { median, startBuiltApps, type BuiltApps } from './pages'
import { signedInState } from './room'
import { fmt, summarize } from './stats'

const MESSAGES = 10_000
const SCROLLED = 2_000
// Rows loaded (the log's aria-setsize: the list renders only those near the view) and in the DOM.
// The SPA's log (#root): a signed-in load first shows the Worker's drawing of the room beside it.
const ROWS = `Number(document.querySelector('#root [role="log"] [aria-setsize]')?.getAttribute('aria-setsize') ?? 0)`
const IN_DOM = `document.querySelectorAll('#root [role="log"] .msg').length`
const vars = exampleVars()

/** The SPA's page read (web/features/chat/messages-query.ts), timed from Node with a JWT. */
async function timePage(app: string, jwt: string, before: number | null) {
  const queries = [
    Query.equal('roomId', HOME_ROOM_ID),
    Query.orderDesc('seq'),
    Query.limit(MESSAGES_PER_BATCH),
    ...(before === null ? [] : [Query.lessThan('seq', before)]),
  ]
  const params = new URLSearchParams({ total: 'false' })
  for (const q of queries) params.append('queries[]', q)
  const url = `${app}/v1/tablesdb/${DATABASE_ID}/tables/${TABLE_IDS.messages}/rows?${params}`
  const started = performance.now()
  const res = await fetch(url, {
    headers: { 'x-appwrite-project': vars.APPWRITE_PROJECT_ID, 'x-appwrite-jwt': jwt },
  })
  const body = (await res.json()) as { rows?: unknown[] }
  const ms = performance.now() - started
  if (!res.ok || body.rows?.length !== MESSAGES_PER_BATCH)
    throw new Error(`page read failed: ${res.status} ${JSON.stringify(body).slice(0, 200)}`)
  return ms
}

/** Newest and older pages alternately (older ones at depths through the whole history). */
async function requestRatio(app: string, jwt: string, rounds = 40) {
  const newest: number[] = []
  const older: number[] = []
  for (let i = 0; i < rounds; i++) {
    newest.push(await timePage(app, jwt, null))
    const before = MESSAGES - ((i * 997) % (MESSAGES - 2 * MESSAGES_PER_BATCH)) - MESSAGES_PER_BATCH
    older.push(await timePage(app, jwt, before))
  }
  return { newest: summarize(newest), older: summarize(older) }
}

/** Scrolls the log to its top until `SCROLLED` rows are loaded; the time each older page took. */
async function scrollUp(page: Page) {
  const pages: number[] = []
  let rows = (await page.evaluate(ROWS)) as number
  while (rows < SCROLLED + MESSAGES_PER_BATCH) {
    const started = Date.now()
    await page.evaluate(`document.querySelector('#root .message-scroll').scrollTop = 0`)
    await page.waitForFunction(`${ROWS} >= ${rows + MESSAGES_PER_BATCH}`, undefined, {
      polling: 'raf',
      timeout: 60_000,
    })
    pages.push(Date.now() - started)
    rows = (await page.evaluate(ROWS)) as number
  }
  return { pages, rows }
}

async function memory(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN
  return { heapMb: metric('JSHeapUsedSize') / 1024 / 1024, nodes: metric('Nodes') }
}

/**
 * A room with 10,000 messages: the newest 100 on a cold signed-in load, each older page while
 * scrolling up through 2,000, the older-page read against the newest-page read, and the page's
 * memory after the scroll.
 */
export async function runHistoryBench(runs = 3) {
  // Servers of its own: fresh state, whatever the other page benches seeded.
  const apps = await startBuiltApps()
  const { browser, close } = await launchBrowser()
  try {
    await measureHistory(browser, apps, runs)
  } finally {
    await close()
    await apps.close()
  }
}

async function measureHistory(browser: Browser, apps: BuiltApps, runs: number) {
  const seedStart = Date.now()
  const account = await seedHistory(apps.app, MESSAGES)
  console.log(
    `\nHistory: ${MESSAGES} messages seeded in ${fmt((Date.now() - seedStart) / 1000, 1)} s`,
  )
  const state = await signedInState(browser, apps.app, account.email, account.password)
  const firstRows: number[] = []
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ storageState: state })
    try {
      const page = await context.newPage()
      const times = await frameTimer(page, [`${ROWS} >= ${MESSAGES_PER_BATCH}`])
      await page.goto(apps.app, { waitUntil: 'commit' })
      firstRows.push((await times())[0]!)
      if (i < runs - 1) continue
      const before = await memory(page)
      const scrolled = await scrollUp(page)
      const after = await memory(page)
      const pageMs = summarize(scrolled.pages)
      console.log(
        `newest ${MESSAGES_PER_BATCH} rendered by the SPA (cold load, median of ${runs}): ${fmt(median(firstRows), 0)} ms; runs ${firstRows.map((ms) => fmt(ms, 0)).join(' ')}`,
      )
      console.log(
        `older pages while scrolling up (${scrolled.pages.length} × ${MESSAGES_PER_BATCH}, scroll to rows rendered): p50 ${fmt(pageMs.p50, 0)} ms, max ${fmt(Math.max(...scrolled.pages), 0)} ms; each: ${scrolled.pages.join(' ')}`,
      )
      console.log(
        `memory with ${MESSAGES_PER_BATCH} rows: JS heap ${fmt(before.heapMb, 1)} MB, DOM ${before.nodes} nodes; ` +
          `after scrolling through ${scrolled.rows - MESSAGES_PER_BATCH} more (${scrolled.rows} rows loaded): JS heap ${fmt(after.heapMb, 1)} MB, DOM ${after.nodes} nodes, ` +
          `${await page.evaluate(IN_DOM)} rows in the DOM`,
      )
    } finally {
      await context.close()
    }
  }
  const reads = await requestRatio(apps.app, account.jwt)
  const ratio = reads.older.p50 / reads.newest.p50
  console.log(
    `page read (GET rows, ${reads.newest.n} each, alternating): newest p50 ${fmt(reads.newest.p50, 1)} ms p99 ${fmt(reads.newest.p99, 1)} ms; ` +
      `older p50 ${fmt(reads.older.p50, 1)} ms p99 ${fmt(reads.older.p99, 1)} ms; ratio ${fmt(ratio)}× of ≤ 1.1× → ${ratio <= 1.1 ? 'met' : 'MISSED'}`,
  )
}
