import { ID, Permission, Query, Role, Storage } from 'node-appwrite'
import { InputFile } from 'node-appwrite/file'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { BUCKET_ID } from '../../shared/db-schema'
import { keyClient, until, wsUrl } from './helpers/realtime'

// The wire protocol frame by frame, with a plain WebSocket (what the SDKs hide: error frames,
// pong, acknowledgements, URL mode, limits). Events here come from file uploads by the API key.

type Frame = { type: string; data?: any }

class RawSocket {
  readonly frames: Frame[] = []
  closed?: { code: number; reason: string }
  private seen = 0

  constructor(readonly ws: WebSocket) {
    ws.on('message', (m) => this.frames.push(JSON.parse(String(m))))
    ws.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }))
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
  }

  /** The next frame not yet consumed (in arrival order). */
  async next(what = 'a frame'): Promise<Frame> {
    await until(() => this.frames.length > this.seen, what)
    return this.frames[this.seen++]
  }

  async request(frame: unknown): Promise<Frame> {
    this.send(frame)
    return this.next(`reply to ${JSON.stringify(frame).slice(0, 60)}`)
  }
}

const open: RawSocket[] = []
afterEach(() => {
  for (const s of open.splice(0)) s.ws.terminate()
})

async function connect(query = ''): Promise<RawSocket> {
  const ws = new WebSocket(wsUrl(query))
  const socket = new RawSocket(ws)
  open.push(socket)
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return socket
}

const storage = () => new Storage(keyClient())
const upload = (name: string, permissions: string[]) =>
  storage().createFile({
    bucketId: BUCKET_ID,
    fileId: ID.unique(),
    file: InputFile.fromBuffer(new TextEncoder().encode(name), name),
    permissions,
  })
const filesChannel = `buckets.${BUCKET_ID}.files`

describe('realtime protocol (raw WebSocket)', () => {
  it('greets a guest in message mode, answers ping with pong', async () => {
    const s = await connect()
    expect(await s.next()).toEqual({
      type: 'connected',
      data: { channels: [], subscriptions: [], user: null },
    })
    expect(await s.request({ type: 'ping' })).toEqual({ type: 'pong' })
  })

  it('answers malformed frames with error 1003 and keeps the socket open', async () => {
    const s = await connect()
    await s.next()
    const bad: [unknown, string | RegExp][] = [
      ['not json', 'Message format is not valid.'],
      [{ foo: 1 }, 'Message format is not valid.'],
      [{ type: 'nope' }, 'Message type is not valid.'],
      [{ type: 42, data: {} }, 'Message type is not valid.'],
      [{ type: 'subscribe' }, 'Payload is not valid. Items is required'],
      [{ type: 'subscribe', data: { channels: ['files'] } }, 'items: Payload is not valid.'],
      [{ type: 'subscribe', data: [{}] }, 'items: channels is not present in payload.'],
      [
        { type: 'subscribe', data: [{ channels: 'files' }] },
        'items: channels is not a valid array.',
      ],
      [
        { type: 'subscribe', data: [{ channels: ['files'], queries: ['{nope'] }] },
        /^Invalid query: /,
      ],
      [
        { type: 'subscribe', data: [{ channels: ['files'], queries: [Query.limit(1)] }] },
        /Query method 'limit' is not supported in Realtime queries/,
      ],
      [
        { type: 'subscribe', data: [{ channels: ['files'], queries: [Query.select(['name'])] }] },
        /Only select\("\*"\) is allowed/,
      ],
      [{ type: 'unsubscribe', data: [{}] }, 'items: subscriptionId is not present in payload.'],
      [{ type: 'authentication', data: {} }, 'Payload is not valid. Session is required'],
      [{ type: 'authentication', data: { session: 'forged' } }, 'Session is not valid.'],
      [
        {
          type: 'authentication',
          data: { session: btoa(JSON.stringify({ id: 'u', secret: 's' })) },
        },
        'Session is not valid.',
      ],
    ]
    for (const [frame, message] of bad) {
      const reply = await s.request(frame)
      expect(reply.type, JSON.stringify(frame)).toBe('error')
      expect(reply.data.code).toBe(1003)
      expect(reply.data.message).toMatch(message)
    }
    expect(await s.request({ type: 'ping' })).toEqual({ type: 'pong' })
    expect(s.closed).toBeUndefined()
  })

  it('acknowledges subscribe (ids, select("*"), account dropped for a guest) and unsubscribe', async () => {
    const s = await connect()
    await s.next()
    const reply = await s.request({
      type: 'subscribe',
      data: [
        { channels: ['files', 'account', 'account.create', 'account.someone'] },
        { subscriptionId: 'mine', channels: [filesChannel], queries: [Query.equal('name', 'x')] },
      ],
    })
    expect(reply.type).toBe('response')
    expect(reply.data.to).toBe('subscribe')
    expect(reply.data.success).toBe(true)
    const [generated, mine] = reply.data.subscriptions
    expect(generated.subscriptionId).toMatch(/^[0-9a-f]{20}$/)
    expect(generated.channels).toEqual(['files'])
    expect(generated.queries).toEqual(['{"method":"select","values":["*"]}'])
    expect(mine).toEqual({
      subscriptionId: 'mine',
      channels: [filesChannel],
      queries: ['{"method":"equal","attribute":"name","values":["x"]}'],
    })
    const removed = await s.request({
      type: 'unsubscribe',
      data: [{ subscriptionId: 'mine' }, { subscriptionId: 'never' }],
    })
    expect(removed).toEqual({
      type: 'response',
      data: {
        to: 'unsubscribe',
        success: true,
        subscriptions: [
          { subscriptionId: 'mine', removed: true },
          { subscriptionId: 'never', removed: false },
        ],
      },
    })
  })

  it('refuses presence from a guest', async () => {
    const s = await connect()
    await s.next()
    expect(await s.request({ type: 'presence', data: { status: 'online' } })).toEqual({
      type: 'error',
      data: { code: 401, message: 'User must be authorized' },
    })
  })

  it('allows 32 messages a minute per connection, then answers 1013', async () => {
    const s = await connect()
    await s.next()
    for (let i = 0; i < 32; i++) expect((await s.request({ type: 'ping' })).type).toBe('pong')
    expect(await s.request({ type: 'ping' })).toEqual({
      type: 'error',
      data: { code: 1013, message: 'Too many messages.' },
    })
    // Another connection has its own budget.
    const other = await connect()
    await other.next()
    expect(await other.request({ type: 'ping' })).toEqual({ type: 'pong' })
  })

  it('delivers events to matching subscriptions only, naming the ones that matched', async () => {
    const s = await connect()
    await s.next()
    const name = `match-${ID.unique()}.txt`
    await s.request({
      type: 'subscribe',
      data: [
        { subscriptionId: 'all', channels: [filesChannel] },
        { subscriptionId: 'named', channels: ['files'], queries: [Query.equal('name', name)] },
        {
          subscriptionId: 'either',
          channels: ['files'],
          queries: [Query.or([Query.equal('name', name), Query.greaterThan('sizeOriginal', 1e9)])],
        },
        { subscriptionId: 'other', channels: ['documents'] },
      ],
    })
    const hidden = await upload(`hidden-${ID.unique()}.txt`, [Permission.read(Role.user('nobody'))])
    const other = await upload(`other-${ID.unique()}.txt`, [Permission.read(Role.any())])
    const named = await upload(name, [Permission.read(Role.any())])

    const first = await s.next('first event')
    // The file only `user:nobody` may read never arrives: the first event is the public one.
    expect(first.type).toBe('event')
    expect(first.data.payload.$id).toBe(other.$id)
    expect(first.data.subscriptions).toEqual(['all'])
    expect(first.data.payload.$id).not.toBe(hidden.$id)

    const second = await s.next('second event')
    expect(second.data.payload).toMatchObject({ $id: named.$id, name })
    expect(second.data.subscriptions.sort()).toEqual(['all', 'either', 'named'])
    expect(second.data.events).toContain(`buckets.${BUCKET_ID}.files.${named.$id}.create`)
    expect(second.data.channels).toContain(filesChannel)
    expect(second.data.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
  })

  it('supports the old URL mode: channels in the URL, index → id map, per-channel queries', async () => {
    const name = `url-${ID.unique()}.txt`
    const q = encodeURIComponent(Query.equal('name', name))
    const s = await connect(
      `&channels[]=files&channels[]=account&channels[]=${filesChannel}&buckets_${BUCKET_ID}_files[1][]=${q}`,
    )
    const hello = await s.next()
    expect(hello.type).toBe('connected')
    expect(hello.data.user).toBeNull()
    expect(hello.data.channels).toEqual(['files', filesChannel])
    expect(hello.data.subscriptions).toHaveLength(2)
    const [plain, filtered] = hello.data.subscriptions as string[]

    await upload(`pre-${ID.unique()}.txt`, [Permission.read(Role.any())])
    expect((await s.next()).data.subscriptions).toEqual([plain])
    await upload(name, [Permission.read(Role.any())])
    expect((await s.next()).data.subscriptions.sort()).toEqual([plain, filtered].sort())
  })

  it('refuses a URL-mode query it does not support with a 1008 policy violation', async () => {
    const q = encodeURIComponent(Query.limit(5))
    const s = await connect(`&channels[]=files&files[]=${q}`)
    const err = await s.next()
    expect(err.type).toBe('error')
    expect(err.data.code).toBe(1008)
    expect(err.data.message).toMatch(/Query method 'limit' is not supported/)
    s.send({ type: 'ping' })
    await until(() => s.closed, 'close')
    expect(s.closed?.code).toBe(1008)
  })
})
