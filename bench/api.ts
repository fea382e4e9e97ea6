import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { dirname } from 'node:path'
import { HOME_ROOM_ID } from '../shared/constants'
import { load, merge, type LoadResult, type Target } from './api-load'
import { signedInPair } from './api-seed'
import { buildAnchor, buildApp, removeBuild, serveAnchor, serveApp } from './built-worker'
import { freePort } from '../tests/fixtures/app-server'
import { groupCpuMs } from './group-cpu'
import { profileIsolate } from './isolate-profile'
import { fmt } from './stats'

const CONNECTIONS = 10
const ROUNDS = 3
const SECONDS = 5
const WARM_UP = 2
const GOAL = 0.85

const loadAvg = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

function targets(app: string, anchor: string, jwt: string, userId: string): Target[] {
  const auth = { authorization: `Bearer ${jwt}` }
  return [
    { label: 'anchor: bare Worker', url: `${anchor}/bare`, method: 'GET', ok: [200] },
    {
      label: 'anchor: bare DO read',
      url: `${anchor}/do-read`,
      method: 'POST',
      body: () => JSON.stringify({ id: 'status' }),
      ok: [200],
    },
    { label: 'GET /api/health', url: `${app}/api/health`, method: 'GET', ok: [200] },
    {
      label: 'POST /api/user/status',
      url: `${app}/api/user/status`,
      method: 'POST',
      headers: auth,
      body: () => JSON.stringify({ userId }),
      ok: [200],
    },
    {
      label: 'POST /api/message/add',
      url: `${app}/api/message/add`,
      method: 'POST',
      headers: auth,
      // As the SPA sends it: a client id per message (the outbox's idempotency key).
      body: () =>
        JSON.stringify({ roomId: HOME_ROOM_ID, message: 'Bench says hi', clientId: randomUUID() }),
      ok: [201],
    },
  ]
}

const row = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(24) : c.padStart(i === 6 ? 30 : 9))).join('  ')

/** Server CPU per served request over a target's rounds (its server's whole process group). */
type Cpu = { ms: number; requests: number }

export async function runApiBench() {
  console.log(
    `\nAPI: ${CONNECTIONS} keep-alive connections per route, closed loop, ${ROUNDS} alternating rounds of ${SECONDS} s each (after ${WARM_UP} s warm-up); built Worker under wrangler dev (APP_ENV=production) beside the anchor Worker (bench/api-anchor) built and served the same way; load average ${loadAvg()}`,
  )
  const build = await buildApp()
  const anchorConfig = await buildAnchor('api-anchor')
  // BENCH_PROFILE_DIR: each route's isolate is profiled in one more window after the rounds.
  const profileDir = process.env.BENCH_PROFILE_DIR
  const [appInspector, anchorInspector] = profileDir
    ? [await freePort(), await freePort()]
    : [undefined, undefined]
  const app = await serveApp(build, { inspectorPort: appInspector })
  const anchor = await serveAnchor(anchorConfig, anchorInspector).catch(async (err) => {
    await app.close()
    throw err
  })
  try {
    const [ada] = await signedInPair(app.url, app.key)
    const all = targets(app.url, anchor.url, ada.jwt, ada.userId)
    for (const t of all) await load(t, CONNECTIONS, WARM_UP)
    const results = new Map<Target, LoadResult[]>(all.map((t) => [t, []]))
    const cpu = new Map<Target, Cpu>(all.map((t) => [t, { ms: 0, requests: 0 }]))
    for (let round = 0; round < ROUNDS; round++)
      for (const t of all) {
        const pgid = t.url.startsWith(anchor.url) ? anchor.pid : app.pid
        const before = groupCpuMs(pgid)
        const r = await load(t, CONNECTIONS, SECONDS)
        const c = cpu.get(t)!
        c.ms += groupCpuMs(pgid) - before
        c.requests += r.requests
        results.get(t)!.push(r)
      }
    console.log(`rounds done; load average ${loadAvg()}`)
    if (profileDir)
      for (const t of all) {
        const port = t.url.startsWith(anchor.url) ? anchorInspector! : appInspector!
        const name = `api-${t.label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`
        await profileIsolate(port, profileDir, name, () => load(t, CONNECTIONS, SECONDS))
        console.log(`  profile of ${t.label}: ${profileDir}/${name}.cpuprofile`)
      }
    const m = new Map(all.map((t) => [t.label, merge(results.get(t)!)]))
    const bare = m.get('anchor: bare Worker')!
    const doRead = m.get('anchor: bare DO read')!
    console.log(row(['', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'req/s ×', 'against']))
    for (const t of all) {
      const r = m.get(t.label)!
      const base = t.label === 'GET /api/health' ? bare : t.label.startsWith('POST') ? doRead : r
      const against =
        base === r
          ? ''
          : base === bare
            ? 'bare Worker'
            : `bare DO read (goal ≥ ${GOAL}×) ${r.rps / doRead.rps >= GOAL ? 'met' : 'MISSED'}`
      console.log(
        row([
          t.label,
          fmt(r.rps, 0),
          fmt(r.p50),
          fmt(r.p99),
          String(r.errors),
          base === r ? '' : `${fmt(r.rps / base.rps)}×`,
          against,
        ]),
      )
    }
    for (const label of ['POST /api/user/status', 'POST /api/message/add']) {
      const r = m.get(label)!
      console.log(
        `${label}: p50 ${fmt(r.p50 / doRead.p50)}×, p99 ${fmt(r.p99 / doRead.p99)}× the bare DO read's`,
      )
    }
    // Requests/s follows whatever else the machine runs; the server's CPU per request much less.
    const perRequest = (t: Target) => cpu.get(t)!.ms / cpu.get(t)!.requests
    const doReadCpu = perRequest(all.find((t) => t.label === 'anchor: bare DO read')!)
    console.log('server CPU per request (wrangler dev and workerd, user + system):')
    for (const t of all)
      console.log(
        `  ${t.label.padEnd(24)} ${fmt(perRequest(t), 3).padStart(7)} ms  ${fmt(perRequest(t) / doReadCpu)}× the bare DO read's`,
      )
  } finally {
    await anchor.close()
    await app.close()
    removeBuild(build)
    removeBuild(dirname(dirname(anchorConfig)))
  }
}
