// Two or more builds of the app side by side: is a change to a hot route worth its code?
//   npx tsx bench/ab.ts build <dir>         the deployable build of this checkout into <dir>
//   npx tsx bench/ab.ts <dirA> <dirB> ...   those builds served at once, one route under load
// in alternating windows (ROUTE: message/add or user/status; ROUNDS, SECONDS). Prints each
// build's requests/s and server CPU per request. Identical builds differ by a few percent per
// window and 1 to 2 % over six rounds: a change smaller than that is not seen (docs/benchmarks.md).
import { renameSync } from 'node:fs'
import { resolve } from 'node:path'
import { load, merge, type LoadResult } from './api-load'
import { routes } from './api'
import { signedInPair } from './api-seed'
import { buildApp, serveApp, type Served } from './built-worker'
import { groupCpuMs } from './group-cpu'
import { fmt } from './stats'

const CONNECTIONS = 10
const ROUNDS = Number(process.env.ROUNDS ?? 6)
const SECONDS = Number(process.env.SECONDS ?? 4)
const ROUTE = `POST /api/${process.env.ROUTE ?? 'message/add'}`
const args = process.argv.slice(2)

if (args[0] === 'build' && args[1]) {
  renameSync(await buildApp(), resolve(args[1]))
  console.log(`built ${args[1]}`)
  process.exit(0)
}
if (args.length < 2) {
  console.error('usage: npx tsx bench/ab.ts build <dir> | npx tsx bench/ab.ts <dirA> <dirB> ...')
  process.exit(2)
}

const servers: Served[] = []
try {
  for (const dir of args) servers.push(await serveApp(resolve(dir)))
  const targets = []
  for (const s of servers) {
    const [ada] = await signedInPair(s.url, s.key)
    const all = routes({ app: s.url, plain: '', routed: '' }, ada.jwt, ada.userId)
    const route = all.find((r) => r.label === ROUTE)
    if (!route) throw new Error(`no route ${ROUTE}; ROUTE is message/add or user/status`)
    targets.push(route)
  }
  for (const t of targets) await load(t, CONNECTIONS, 2)
  const results = args.map(() => [] as LoadResult[])
  const cpu = args.map(() => 0)
  for (let round = 0; round < ROUNDS; round++) {
    // Each build goes first in every other round: the window's place moves it more than a change.
    const order = round % 2 ? [...args.keys()].reverse() : [...args.keys()]
    for (const i of order) {
      const before = groupCpuMs(servers[i].pid)
      results[i].push(await load(targets[i], CONNECTIONS, SECONDS))
      cpu[i] += groupCpuMs(servers[i].pid) - before
    }
  }
  console.log(`${ROUTE}, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s`)
  for (const [i, dir] of args.entries()) {
    const m = merge(results[i])
    console.log(
      `${dir}: ${fmt(m.rps, 0)} req/s, p50 ${fmt(m.p50)} ms, ${fmt(cpu[i] / m.requests, 3)} ms CPU/req, ${m.errors} errors`,
    )
  }
} finally {
  for (const s of servers) await s.close()
}
process.exit(0)
