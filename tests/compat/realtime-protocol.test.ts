import { Query } from 'node-appwrite'
import { afterEach, describe, expect, it } from 'vitest'
import { closeRawSockets, RawSocket } from './helpers/raw-socket'
import { filesChannel, wsUrl } from './helpers/realtime'

// The wire protocol frame by frame, with a plain WebSocket (what the SDKs hide: error frames,
// pong, acknowledgements, limits). Events and the URL mode: realtime-protocol-events.test.ts.

afterEach(closeRawSockets)
const connect = (query = '') => new RawSocket(wsUrl(query)).open()

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
})
