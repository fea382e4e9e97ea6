import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { dirname } from 'node:path'
import { HOME_ROOM_ID } from '../shared/constants'
import { freePort } from '../tests/fixtures/app-server'
import { load, merge, type LoadResult, type Target } from './api-load'
import { signedInPair } from './api-seed'
import { buildAnchor, buildApp, removeBuild, serveAnchor, serveApp } from './built-worker'
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

/** A route under load, the server that answers it, and the anchor its requests/s are set against. */
type Route = Target & { server: 'app' | 'plain' | 'routed'; base?: string }

const BARE = 'anchor: bare Worker'
const READ = 'anchor: bare DO read'
// The same anchor Worker with the app's [assets] setup: wrangler dev puts the static-assets
// router in front of every request, as it does for the app (run_worker_first).
const BARE_ROUTED = 'anchor: bare Worker, routed'
const READ_ROUTED = 'anchor: bare DO read, routed'
const WRITE_ROUTED = 'anchor: bare DO write, routed'
const GROUPED_ROUTED = 'anchor: grouped DO write, routed'

export function routes(
  urls: Record<Route['server'], string>,
  jwt: string,
  userId: string,
): Route[] {
  const auth = { authorization: `Bearer ${jwt}` }
  const read = { method: 'POST' as const, body: () => JSON.stringify({ id: 'status' }), ok: [200] }
  const bare = { method: 'GET' as const, ok: [200] }
  return [
    { label: BARE, server: 'plain', url: `${urls.plain}/bare`, ...bare },
    { label: READ, server: 'plain', url: `${urls.plain}/do-read`, ...read },
    { label: BARE_ROUTED, server: 'routed', url: `${urls.routed}/bare`, ...bare },
    { label: READ_ROUTED, server: 'routed', url: `${urls.routed}/do-read`, ...read },
    {
      label: WRITE_ROUTED,
      server: 'routed',
      url: `${urls.routed}/do-write`,
      method: 'POST',
      body: () => JSON.stringify({ roomId: HOME_ROOM_ID, message: 'Bench says hi' }),
      ok: [201],
    },
    {
      label: GROUPED_ROUTED,
      server: 'routed',
      url: `${urls.routed}/do-write-grouped`,
      method: 'POST',
      body: () => JSON.stringify({ roomId: HOME_ROOM_ID, message: 'Bench says hi' }),
      ok: [201],
    },
    {
      label: 'GET /api/health',
      server: 'app',
      base: BARE_ROUTED,
      url: `${urls.app}/api/health`,
      ...bare,
    },
    {
      label: 'POST /api/user/status',
      server: 'app',
      base: READ_ROUTED,
      url: `${urls.app}/api/user/status`,
      method: 'POST',
      headers: auth,
      body: () => JSON.stringify({ userId }),
      ok: [200],
    },
    {
      label: 'POST /api/message/add',
      server: 'app',
      base: READ_ROUTED,
      url: `${urls.app}/api/message/add`,
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
  cells.map((c, i) => (i === 0 ? c.padEnd(32) : c.padStart(i === 6 ? 36 : 9))).join('  ')

type Served = { url: string; pid: number; inspector?: number; close(): Promise<unknown> }

export async function runApiBench() {
  console.log(
    `\nAPI: ${CONNECTIONS} keep-alive connections per route, closed loop, ${ROUNDS} alternating rounds of ${SECONDS} s each (after ${WARM_UP} s warm-up); built Worker under wrangler dev (APP_ENV=production) beside the anchor Worker (bench/api-anchor) built and served the same way, once plain and once with the app's static-assets routing (bench/api-anchor-routed); load average ${loadAvg()}`,
  )
  // BENCH_PROFILE_DIR: each route's isolate is profiled in one more window after the rounds.
  const profileDir = process.env.BENCH_PROFILE_DIR
  const inspector = async () => (profileDir ? await freePort() : undefined)
  const builds = [await buildApp()]
  const servers = new Map<Route['server'], Served>()
  try {
    const configs = { plain: 'api-anchor', routed: 'api-anchor-routed' } as const
    for (const [server, dir] of Object.entries(configs) as [Route['server'], string][]) {
      const config = await buildAnchor(dir)
      builds.push(dirname(dirname(config)))
      const port = await inspector()
      servers.set(server, { ...(await serveAnchor(config, port)), inspector: port })
    }
    const port = await inspector()
    const app = await serveApp(builds[0], { inspectorPort: port })
    servers.set('app', { ...app, inspector: port })
    const [ada] = await signedInPair(app.url, app.key)
    const urls = Object.fromEntries([...servers].map(([k, s]) => [k, s.url]))
    const all = routes(urls as Record<Route['server'], string>, ada.jwt, ada.userId)
    for (const r of all) await load(r, CONNECTIONS, WARM_UP)
    const results = new Map<Route, LoadResult[]>(all.map((r) => [r, []]))
    // Server CPU per served request over a route's rounds (its server's whole process group).
    const cpu = new Map<Route, { ms: number; requests: number }>(
      all.map((r) => [r, { ms: 0, requests: 0 }]),
    )
    for (let round = 0; round < ROUNDS; round++)
      for (const r of all) {
        const pgid = servers.get(r.server)!.pid
        const before = groupCpuMs(pgid)
        const res = await load(r, CONNECTIONS, SECONDS)
        const c = cpu.get(r)!
        c.ms += groupCpuMs(pgid) - before
        c.requests += res.requests
        results.get(r)!.push(res)
      }
    console.log(`rounds done; load average ${loadAvg()}`)
    if (profileDir)
      for (const r of all) {
        const name = `api-${r.label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`
        const port = servers.get(r.server)!.inspector!
        await profileIsolate(port, profileDir, name, () => load(r, CONNECTIONS, SECONDS))
        console.log(`  profile of ${r.label}: ${profileDir}/${name}.cpuprofile`)
      }
    print(all, results, cpu)
  } finally {
    for (const s of servers.values()) await s.close()
    for (const b of builds) removeBuild(b)
  }
}

function print(
  all: Route[],
  results: Map<Route, LoadResult[]>,
  cpu: Map<Route, { ms: number; requests: number }>,
) {
  const m = new Map(all.map((r) => [r.label, merge(results.get(r)!)]))
  const read = m.get(READ)!
  console.log(row(['', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'req/s ×', 'against']))
  for (const r of all) {
    const x = m.get(r.label)!
    const base = r.base ? m.get(r.base) : undefined
    const name = r.base?.replace('anchor: ', '') ?? ''
    const against = !base
      ? ''
      : r.base === READ_ROUTED
        ? `${name} (goal ≥ ${GOAL}×) ${x.rps / base.rps >= GOAL ? 'met' : 'MISSED'}`
        : name
    const ratio = base ? `${fmt(x.rps / base.rps)}×` : ''
    console.log(
      row([r.label, fmt(x.rps, 0), fmt(x.p50), fmt(x.p99), String(x.errors), ratio, against]),
    )
  }
  for (const label of ['POST /api/user/status', 'POST /api/message/add']) {
    const x = m.get(label)!
    const routed = m.get(READ_ROUTED)!
    console.log(
      `${label}: ${fmt(x.rps / read.rps)}× the plain bare DO read's req/s; p50 ${fmt(x.p50 / routed.p50)}×, p99 ${fmt(x.p99 / routed.p99)}× the routed one's`,
    )
  }
  // What one durable insert costs on its own, beside the send that makes one (informational):
  // the bare write commits per request, the grouped one in the object's commit group as the
  // app's sends do.
  const add = m.get('POST /api/message/add')!
  const routedRead = m.get(READ_ROUTED)!.rps
  for (const anchor of [WRITE_ROUTED, GROUPED_ROUTED]) {
    const w = m.get(anchor)!.rps
    console.log(
      `POST /api/message/add: ${fmt(add.rps / w)}× the ${anchor.replace('anchor: ', '')}'s req/s (which is ${fmt(w / routedRead)}× the routed bare DO read's)`,
    )
  }
  // Requests/s follows whatever else the machine runs; the server's CPU per request much less.
  const perRequest = (r: Route) => cpu.get(r)!.ms / cpu.get(r)!.requests
  const readCpu = perRequest(all.find((r) => r.label === READ_ROUTED)!)
  console.log('server CPU per request (wrangler dev and workerd, user + system):')
  for (const r of all)
    console.log(
      `  ${r.label.padEnd(32)} ${fmt(perRequest(r), 3).padStart(7)} ms  ${fmt(perRequest(r) / readCpu)}× the routed bare DO read's`,
    )
}
