import { ID, Permission, Query, Role, Storage } from 'node-appwrite'
import { InputFile } from 'node-appwrite/file'
import { afterEach, describe, expect, it } from 'vitest'
import { BUCKET_ID } from '../../shared/db-schema'
import { closeRawSockets, RawSocket } from './helpers/raw-socket'
import { filesChannel, until, wsUrl } from './helpers/realtime'
import { keyClient } from './helpers/server-sdk'

// Event frames and the old URL mode, frame by frame with a plain WebSocket. Events here come
// from file uploads by the API key.

afterEach(closeRawSockets)
const connect = (query = '') => new RawSocket(wsUrl(query)).open()

const storage = () => new Storage(keyClient())
const upload = (name: string, permissions: string[]) =>
  storage().createFile({
    bucketId: BUCKET_ID,
    fileId: ID.unique(),
    file: InputFile.fromBuffer(new TextEncoder().encode(name), name),
    permissions,
  })

describe('realtime protocol: events and URL mode (raw WebSocket)', () => {
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
