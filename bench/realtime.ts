import { loadavg } from 'node:os'
import {
  createInbox,
  runBurst,
  runSequential,
  type BurstResult,
  type RealtimeTarget,
} from './realtime-load'
import { fmt, summarize } from './stats'

const SEQUENTIAL = 2000
const ROUNDS = 10
const BURST = 5_000
const CONCURRENCY = 16
const WARM_UP = 30

type Side = {
  target: RealtimeTarget
  inbox: ReturnType<typeof createInbox>
  latencies: number[]
  lost: number
  burst?: BurstResult
  stored?: Stored
}

/** The burst's rows read back from storage: distinct messages, and rows stored more than once. */
type Stored = { distinct: number; duplicates: number; missing: number }

function audit(bodies: string[], run: string): Stored {
  const mine = bodies.filter((b) => b.startsWith(`${run}:`))
  const distinct = new Set(mine).size
  return { distinct, duplicates: mine.length - distinct, missing: BURST - distinct }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

async function sequential(side: Side, n: number) {
  const r = await runSequential(side.target, side.inbox, n)
  side.latencies.push(...r.latencies)
  side.lost += r.lost
}

async function burst(side: Side) {
  const storedSince = await side.target.storedSince?.()
  side.burst = await runBurst(side.target, side.inbox, BURST, CONCURRENCY)
  if (storedSince) side.stored = audit(await storedSince(), side.burst.run)
}

/** Every server stays up; the sequential runs alternate in rounds so all see the same machine. */
async function measure(sides: Side[]) {
  for (const side of sides) {
    // Proves the subscription is live (nothing arrives before it is) and warms both ends up.
    const warm = await runSequential(side.target, side.inbox, WARM_UP)
    if (warm.lost === WARM_UP) throw new Error(`${side.target.name}: no message arrived`)
  }
  for (let round = 0; round < ROUNDS; round++)
    for (const side of sides) await sequential(side, SEQUENTIAL / ROUNDS)
  console.log(`sequential runs done; load average ${load()}`)
  for (const side of sides) await burst(side)
  console.log(`bursts done; load average ${load()}`)
}

const row = (cells: string[]) =>
  cells
    .map((c, i) => (i === 0 ? c.padEnd(28) : c.padStart([8, 8, 8, 8, 5, 12, 13, 6, 10][i - 1])))
    .join('  ')

function print(anchor: Side, stored: Side, ours: Side) {
  const stats = (s: Side) => {
    const sum = summarize(s.latencies)
    return { ...sum, max: Math.max(...s.latencies) }
  }
  const [a, o] = [stats(anchor), stats(ours)]
  console.log(
    row(
      ['', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'lost', 'burst msg/s', 'burst p99 ms'].concat([
        'drops',
        'stored',
      ]),
    ),
  )
  for (const side of [anchor, stored, ours]) {
    const s = stats(side)
    console.log(
      row([
        side.target.name,
        fmt(s.p50),
        fmt(s.p95),
        fmt(s.p99),
        fmt(s.max),
        String(side.lost),
        fmt(side.burst!.msgsPerSec, 0),
        fmt(side.burst!.p99, 0),
        String(side.burst!.drops),
        side.stored === undefined ? '–' : `${side.stored.distinct}/${BURST}`,
      ]),
    )
  }
  const r = (x: number, y: number) => `${fmt(x / y)}×`
  const ratios = (label: string, base: Side) => {
    const [b, bb, ob] = [stats(base), base.burst!, ours.burst!]
    console.log(
      row([
        label,
        r(o.p50, b.p50),
        r(o.p95, b.p95),
        r(o.p99, b.p99),
        r(o.max, b.max),
        '',
        r(ob.msgsPerSec, bb.msgsPerSec),
        r(ob.p99, bb.p99),
      ]),
    )
  }
  ratios('ratio ours/bare relay', anchor)
  // What storing alone costs, and what the app adds on top of it (informational).
  ratios('ratio ours/storing relay', stored)
  const ob = ours.burst!
  const p99 = o.p99 / a.p99
  console.log(`goal p99 ≤ 1.5× relay: ${fmt(p99)}× → ${p99 <= 1.5 ? 'met' : 'MISSED'}`)
  const st = ours.stored!
  const ok = ob.drops === 0 && ob.writeErrors === 0 && st.missing === 0 && st.duplicates === 0
  console.log(
    `goal burst with zero drops, every message stored once: ${ob.drops} dropped, ${ob.duplicates} received twice, ${ob.writeErrors} write errors; stored (paged by seq) ${st.distinct} of ${BURST}, ${st.missing} missing, ${st.duplicates} duplicates → ${ok ? 'met' : 'MISSED'}`,
  )
}

/** Stored before received: the rows sampled at receipt must all have been there already. */
async function printReceipt(ours: Side) {
  const r = await ours.target.readAtReceipt?.()
  if (!r) return
  console.log(
    `stored before received: ${r.read} sampled events, row read back at receipt, ${r.absent} absent → ${r.read > 0 && r.absent === 0 ? 'met' : 'MISSED'}`,
  )
}

export async function runRealtimeBench() {
  console.log(
    `\nRealtime: ${SEQUENTIAL} sequential messages (write start → event at the other client, in ${ROUNDS} alternating rounds), then a burst of ${BURST} with ${CONCURRENCY} writes in flight; load average ${load()}`,
  )
  const { startRelays } = await import('./realtime-relay')
  const { startApp } = await import('./realtime-app')
  const closers: (() => Promise<unknown>)[] = []
  try {
    const relays = await startRelays()
    closers.push(relays.close)
    const app = await startApp()
    // Each target closes what it opened, before the relays' server goes.
    const [anchor, stored, ours] = [relays.bare, relays.stored, app].map((target): Side => {
      closers.unshift(target.close)
      return { target, inbox: createInbox(target), latencies: [], lost: 0 }
    })
    await measure([anchor, stored, ours])
    print(anchor, stored, ours)
    await printReceipt(ours)
  } finally {
    for (const close of closers) await close()
  }
}
