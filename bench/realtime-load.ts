import { summarize } from './stats'

/** One way to publish a message and see it arrive: the app (send + Realtime) or a relay. */
export type RealtimeTarget = {
  name: string
  /** Publishes one message; resolves when the write was acknowledged. */
  write(body: string): Promise<void>
  /** Registers the receiver; it is called with every message body that reaches the other client. */
  onMessage(handler: (body: string) => void): void
  /**
   * Marks the store (the app only: the relay stores nothing); the returned call reads back every
   * message body stored since, by paging over the room's `seq`, never from a capped list total.
   */
  storedSince?(): Promise<() => Promise<string[]>>
  /** Sampled rows read the moment their event arrived: how many were read, how many were absent. */
  readAtReceipt?(): Promise<{ read: number; absent: number }>
  close(): Promise<void>
}

export type SeqResult = { latencies: number[]; lost: number }
export type BurstResult = {
  /** The prefix of every body of this burst (`<run>:<i>`). */
  run: string
  sent: number
  received: number
  drops: number
  duplicates: number
  msgsPerSec: number
  p50: number
  p99: number
  writeErrors: number
}

const now = () => performance.now()
const ARRIVAL_TIMEOUT_MS = 10_000

/** Routes received bodies of the form `<run>:<i>` to the run that sent them. */
export function createInbox(target: RealtimeTarget) {
  let current: { run: string; arrived: (i: number, at: number) => void } | null = null
  target.onMessage((body) => {
    const at = now()
    const sep = body.lastIndexOf(':')
    if (current && body.slice(0, sep) === current.run)
      current.arrived(Number(body.slice(sep + 1)), at)
  })
  return {
    listen(run: string, arrived: (i: number, at: number) => void) {
      current = { run, arrived }
    },
  }
}

let runs = 0
const newRun = (label: string) => `bench-${label}-${++runs}-${Date.now().toString(36)}`

/** n messages one after the other: the next is written once the previous one arrived. */
export async function runSequential(
  target: RealtimeTarget,
  inbox: ReturnType<typeof createInbox>,
  n: number,
): Promise<SeqResult> {
  const run = newRun('seq')
  const latencies: number[] = []
  let waiting: { i: number; resolve: (at: number) => void } | null = null
  inbox.listen(run, (i, at) => {
    if (waiting?.i === i) waiting.resolve(at)
  })
  let lost = 0
  for (let i = 0; i < n; i++) {
    let timer: NodeJS.Timeout | undefined
    const arrival = new Promise<number | null>((resolve) => {
      waiting = { i, resolve }
      timer = setTimeout(() => resolve(null), ARRIVAL_TIMEOUT_MS)
    })
    const start = now()
    const [, at] = await Promise.all([target.write(`${run}:${i}`), arrival])
    clearTimeout(timer)
    if (at === null) lost++
    else latencies.push(at - start)
  }
  return { latencies, lost }
}

/** n messages written as fast as `concurrency` writers can; counts what arrives and how fast. */
export async function runBurst(
  target: RealtimeTarget,
  inbox: ReturnType<typeof createInbox>,
  n: number,
  concurrency: number,
): Promise<BurstResult> {
  const run = newRun('burst')
  const sentAt = new Float64Array(n)
  const seen = new Uint8Array(n)
  const latencies: number[] = []
  let received = 0
  let duplicates = 0
  let lastArrival = 0
  let allArrived: () => void = () => {}
  const done = new Promise<void>((r) => (allArrived = r))
  inbox.listen(run, (i, at) => {
    if (seen[i]) return void duplicates++
    seen[i] = 1
    received++
    lastArrival = at
    latencies.push(at - sentAt[i])
    if (received === n) allArrived()
  })
  let next = 0
  let writeErrors = 0
  const first = now()
  const writer = async () => {
    while (next < n) {
      const i = next++
      sentAt[i] = now()
      await target.write(`${run}:${i}`).catch(() => void writeErrors++)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, writer))
  // Whatever has not arrived some seconds after the last write was acknowledged is a drop.
  await Promise.race([done, quiet(() => lastArrival)])
  const s = summarize(latencies)
  return {
    run,
    sent: n,
    received,
    drops: n - received,
    duplicates,
    msgsPerSec: received / ((lastArrival - first) / 1000),
    p50: s.p50,
    p99: s.p99,
    writeErrors,
  }
}

/** Resolves once nothing new arrived for a while (the receiver has gone quiet). */
function quiet(last: () => number, ms = 5_000) {
  return new Promise<void>((resolve) => {
    let seen = last()
    const tick = setInterval(() => {
      const now = last()
      if (now === seen) {
        clearInterval(tick)
        resolve()
      }
      seen = now
    }, ms)
  })
}
