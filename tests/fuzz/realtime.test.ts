import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { appwriteQuery, hugeString, jsonValue, nastyString } from './arbitraries'
import { config, ORIGIN, signIn, type Credentials } from './session'
import { fuzzVars, SHARE } from './vars'
import { workerFetch } from './worker-fetch'

// Generated realtime frames on sockets of the embedded backend, in workerd. Every frame must be
// answered (response, pong or an error frame with a protocol code) or end in a clean close; a
// 500-coded error frame means a handler threw, an abnormal close means the object broke.
const { seed, runs } = fuzzVars()
const SOCKETS = Math.max(1, Math.round((runs * SHARE.realtime) / 30))
const FRAMES_PER_SOCKET = 30 // under the 32 messages a minute a connection may send

const CHANNELS = [
  'account',
  'rows',
  'files',
  'documents',
  'memberships',
  'presences',
  `databases.kathelia.tables.messages.rows`,
  'buckets.files.files',
  'teams',
]
const channelList = fc.array(fc.oneof(fc.constantFrom(...CHANNELS), nastyString), { maxLength: 8 })
const subscribeItem = fc.record(
  {
    subscriptionId: fc.oneof(fc.uuid(), nastyString, fc.constant('__proto__'), jsonValue),
    channels: fc.oneof({ weight: 4, arbitrary: channelList }, jsonValue),
    queries: fc.oneof(
      fc.array(
        appwriteQuery.map((q) => JSON.stringify(q) ?? ''),
        { maxLength: 4 },
      ),
      jsonValue,
    ),
  },
  { requiredKeys: [] },
)
const TYPES = [
  'ping',
  'authentication',
  'subscribe',
  'unsubscribe',
  'presence',
  'event',
  'connected',
]

export const frame: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  nastyString,
  jsonValue.map((v) => JSON.stringify(v) ?? ''),
  fc
    .record({
      type: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...TYPES) }, nastyString),
      data: fc.oneof(jsonValue, subscribeItem, fc.array(subscribeItem, { maxLength: 40 })),
    })
    .map((f) => JSON.stringify(f)),
  fc
    .record({ type: fc.constant('subscribe'), data: fc.array(subscribeItem, { maxLength: 60 }) })
    .map((f) => JSON.stringify(f)),
  hugeString.map((s) => JSON.stringify({ type: 'subscribe', data: { channels: [s] } })),
  fc.uint8Array({ maxLength: 256 }),
)

type Outcome =
  | { kind: 'frame'; data: { type: string; data?: { code?: number } } }
  | { kind: 'close'; code: number }

/** A socket that hands out its frames and its close, one awaited at a time. */
async function open(cookie?: string) {
  const headers: Record<string, string> = {
    upgrade: 'websocket',
    'x-appwrite-project': config.APPWRITE_PROJECT_ID,
  }
  if (cookie) headers.cookie = cookie
  const res = await workerFetch(`${ORIGIN}/v1/realtime`, { headers })
  const ws = res.webSocket
  if (!ws) throw new Error(`no socket: ${res.status} ${await res.text()}`)
  const queue: Outcome[] = []
  let wake: (() => void) | undefined
  const push = (o: Outcome) => (queue.push(o), wake?.())
  ws.addEventListener('message', (e) => push({ kind: 'frame', data: JSON.parse(String(e.data)) }))
  ws.addEventListener('close', (e) => push({ kind: 'close', code: e.code }))
  ws.accept()
  const next = async (): Promise<Outcome> => {
    const deadline = Date.now() + 10_000
    while (!queue.length) {
      if (Date.now() > deadline) throw new Error('no answer within 10 s')
      await new Promise<void>((r) => ((wake = r), setTimeout(r, 200)))
    }
    return queue.shift()!
  }
  return { ws, next }
}

const PROTOCOL_CODES = [1003, 1008, 1013]

let creds: Credentials
beforeAll(async () => {
  creds = await signIn('ben@kathelia.test')
  console.log(
    `fuzz realtime: seed ${seed}, ${SOCKETS} sockets × ${FRAMES_PER_SOCKET} generated frames`,
  )
})

describe('generated realtime frames', () => {
  it('get an answer or an error frame with a protocol code, or a clean close', async () => {
    const sockets = fc.sample(
      fc.tuple(
        fc.boolean(),
        fc.array(frame, { minLength: FRAMES_PER_SOCKET, maxLength: FRAMES_PER_SOCKET }),
      ),
      { seed, numRuns: SOCKETS },
    )
    let sent = 0
    for (const [signedIn, frames] of sockets) {
      const { ws, next } = await open(signedIn ? creds.cookie : undefined)
      expect((await next()).kind).toBe('frame') // connected
      for (const f of frames) {
        try {
          ws.send(f)
        } catch {
          break // closed after a policy violation
        }
        sent++
        const out = await next()
        const shown = typeof f === 'string' ? f.slice(0, 200) : `bytes(${f.length})`
        if (out.kind === 'close') {
          expect(out.code, shown).toBe(1008)
          break
        }
        expect(['response', 'pong', 'error'], shown).toContain(out.data.type)
        if (out.data.type === 'error') expect(PROTOCOL_CODES, shown).toContain(out.data.data?.code)
      }
      ws.close(1000, 'done')
    }
    console.log(`fuzz realtime: ${sent} frames answered`)
  }, 600_000)

  it('refuses a subscribe flood with 1013 and keeps serving new sockets', async () => {
    const { ws, next } = await open(creds.cookie)
    await next()
    const codes: number[] = []
    for (let i = 0; i < 100; i++) {
      ws.send(
        JSON.stringify({
          type: 'subscribe',
          data: [{ channels: ['rows'], subscriptionId: `s${i}` }],
        }),
      )
      const out = await next()
      if (out.kind === 'frame' && out.data.type === 'error') codes.push(out.data.data!.code!)
    }
    expect(codes.length).toBeGreaterThanOrEqual(60)
    expect(new Set(codes)).toEqual(new Set([1013]))
    ws.close(1000, 'done')
    const again = await open(creds.cookie)
    expect(await again.next()).toMatchObject({ kind: 'frame', data: { type: 'connected' } })
    again.ws.send(JSON.stringify({ type: 'ping' }))
    expect(await again.next()).toMatchObject({ kind: 'frame', data: { type: 'pong' } })
    again.ws.close(1000, 'done')
    expect((await workerFetch(`${ORIGIN}/api/health`)).status).toBe(200)
  })
})
