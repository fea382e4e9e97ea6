// `npm run soak [-- --minutes N]` (10 by default; not part of npm test): Ada and Ben signed in in
// real Chromium on the built Worker (wrangler dev, APP_ENV=production), both sharing presence,
// exchanging 10 messages a second through the composer (so typing goes out too). Prints per
// minute the send→receive p50/p99 and memory, then growth per minute, losses and errors.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client, Query, TablesDB } from 'node-appwrite'
import type { Page } from 'playwright-core'
import { HOME_ROOM_ID } from '../shared/constants'
import { launchBrowser, openPage } from '../tests/e2e/helpers/browser'
import { signInViaUi } from '../tests/e2e/helpers/users'
import { api, PASSWORD, signedInPair } from './api-seed'
import { buildApp, removeBuild, serveApp, type Served } from './built-worker'
import { drain, installProbe, storageMb, tabHeapMb, workerdRssMb } from './soak-probe'
import { fmt, summarize } from './stats'

const arg = process.argv.indexOf('--minutes')
const MINUTES = arg > 0 ? Number(process.argv[arg + 1]) : 10
const rate = process.argv.indexOf('--rate')
// 10 messages a second by default, Ada and Ben taking turns.
const INTERVAL_MS = 1000 / (rate > 0 ? Number(process.argv[rate + 1]) : 10)

async function storedSoakRows(app: Served): Promise<{ total: number; distinct: number }> {
  const key = new Client().setEndpoint(`${app.url}/v1`).setProject('kathelia').setKey(app.key)
  const tables = new TablesDB(key)
  const bodies: string[] = []
  // Paged by the room's seq: a list total stops at 5,000.
  for (let after = 0; ;) {
    const { rows } = await tables.listRows({
      databaseId: 'kathelia',
      tableId: 'messages',
      queries: [
        Query.equal('roomId', HOME_ROOM_ID),
        Query.greaterThan('seq', after),
        Query.orderAsc('seq'),
        Query.limit(1000),
      ],
      total: false,
    })
    if (!rows.length) break
    for (const r of rows) if (String(r.message).startsWith('soak-')) bodies.push(String(r.message))
    after = Number(rows.at(-1)!.seq)
  }
  return { total: bodies.length, distinct: new Set(bodies).size }
}

async function main() {
  console.log(
    `Soak: ${MINUTES} min, 10 messages/s between two Chromium tabs, typing and presence on`,
  )
  const build = await buildApp()
  const state = mkdtempSync(join(tmpdir(), 'kathelia-soak-state-'))
  const app = await serveApp(build, { stateDir: state })
  const chrome = await launchBrowser()
  try {
    const partners = await signedInPair(app.url, app.key)
    for (const p of partners) await api(app.url, '/user/sharing', p.jwt, { share: true })
    const tabs = [await openPage(chrome.browser), await openPage(chrome.browser)]
    for (const [i, t] of tabs.entries()) {
      await installProbe(t.page)
      await signInViaUi(t.page, app.url, partners[i].email, PASSWORD)
    }
    // From here on (the signed-out screen's 401 on /v1/account is expected and not counted).
    const failed: string[] = []
    const logStart = app.log().length
    tabs.forEach((t, i) => {
      t.problems.length = 0
      t.page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${['ada', 'ben'][i]} ${r.status()} ${r.url()}`)
      })
    })
    const cdps = await Promise.all(tabs.map((t) => t.page.context().newCDPSession(t.page)))
    for (const c of cdps) await c.send('Performance.enable')
    const sample = async () => ({
      heaps: await Promise.all(cdps.map(tabHeapMb)),
      rss: workerdRssMb(app.pid),
      storage: storageMb(state),
    })
    const start = await sample()
    const samples = [start]
    const line = (label: string, s: typeof start) =>
      `${label}: tabs ${s.heaps.map((h) => fmt(h, 1)).join(' / ')} MB JS heap, workerd ${fmt(s.rss, 0)} MB RSS, SQLite ${fmt(s.storage, 2)} MB`
    console.log(line('start', start))

    const sent = new Map<string, number>()
    // Only the partner's tab counts as received (the sender's own shows the message at once).
    const seen = new Map<string, number>()
    const senderOf = (k: string) => parseInt(k.split('-')[2]!, 10) % 2
    const collect = async () => {
      for (const [i, t] of tabs.entries()) {
        const d = await drain(t.page)
        if (process.env.SOAK_DEBUG)
          console.log(i, JSON.stringify(d).slice(0, 300), Object.keys(d.seen).length)
        for (const [k, v] of Object.entries(d.sent)) sent.set(k, v)
        for (const [k, v] of Object.entries(d.seen))
          if (senderOf(k) !== i && !seen.has(k)) seen.set(k, v)
      }
    }
    const send = async (page: Page, text: string) => {
      const box = page.getByRole('textbox', { name: 'Message' })
      await box.fill(text)
      await box.press('Enter')
    }
    const began = Date.now()
    let n = 0
    console.log(
      'minute  sent  received  p50 ms  p99 ms  max ms  heap ada/ben MB  workerd MB  SQLite MB',
    )
    for (let minute = 1; minute <= MINUTES; minute++) {
      const end = began + minute * 60_000
      const lanes = tabs.map(async (t, i) => {
        for (let k = i; ; k += 2) {
          const at = began + (n + k) * INTERVAL_MS
          if (at >= end) break
          await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())))
          await send(t.page, `soak-${minute}-${k}!`).catch((e) => failed.push(`send: ${e.message}`))
        }
      })
      await Promise.all(lanes)
      n = Math.ceil((end - began) / INTERVAL_MS)
      await collect()
      const mine = [...sent].filter(([k]) => k.startsWith(`soak-${minute}-`))
      const lat = mine.flatMap(([k, t]) => (seen.has(k) ? [seen.get(k)! - t] : []))
      const s = summarize(lat)
      const m = await sample()
      samples.push(m)
      console.log(
        [
          String(minute).padStart(6),
          String(mine.length).padStart(5),
          String(lat.length).padStart(9),
          fmt(s.p50, 0).padStart(7),
          fmt(s.p99, 0).padStart(7),
          fmt(Math.max(...lat), 0).padStart(7),
          m.heaps
            .map((h) => fmt(h, 1))
            .join(' / ')
            .padStart(16),
          fmt(m.rss, 0).padStart(11),
          fmt(m.storage, 2).padStart(10),
        ].join(' '),
      )
    }
    const sendingSeconds = (Date.now() - began) / 1000
    await new Promise((r) => setTimeout(r, 5_000)) // stragglers
    if (process.env.SOAK_DEBUG)
      for (const t of tabs) console.log((await t.page.getByRole('log').innerText()).slice(-1500))
    await collect()
    const endSample = samples.at(-1)!
    console.log(line('end', endSample))
    const per = (a: number, b: number) => `${fmt((b - a) / MINUTES, 2)} MB/min`
    console.log(
      `growth: tabs ${per(start.heaps[0], endSample.heaps[0])} / ${per(start.heaps[1], endSample.heaps[1])}, workerd ${per(start.rss, endSample.rss)}, SQLite ${per(start.storage, endSample.storage)}`,
    )
    const lost = [...sent.keys()].filter((k) => !seen.has(k))
    const all = summarize([...sent].flatMap(([k, t]) => (seen.has(k) ? [seen.get(k)! - t] : [])))
    const stored = await storedSoakRows(app)
    console.log(
      `overall: ${sent.size} sent in ${fmt(sendingSeconds, 0)} s (${fmt(sent.size / sendingSeconds, 1)}/s), p50 ${fmt(all.p50, 0)} ms, p99 ${fmt(all.p99, 0)} ms, ${lost.length} never shown to the partner; stored ${stored.distinct} distinct, ${stored.total - stored.distinct} duplicates`,
    )
    const problems = tabs.flatMap((t) => t.problems)
    const serverErrors = app
      .log()
      .slice(logStart)
      .split('\n')
      .filter((l) => /ERROR|✘| 5\d\d /.test(l))
    console.log(
      `errors: ${failed.length} failed requests or sends, ${problems.length} page errors, ${serverErrors.length} server error lines`,
    )
    for (const e of [...failed, ...problems, ...serverErrors].slice(0, 10)) console.log(`  ${e}`)
  } finally {
    await chrome.close()
    await app.close()
    removeBuild(build)
    rmSync(state, { recursive: true, force: true })
  }
}

await main()
process.exit(0)
