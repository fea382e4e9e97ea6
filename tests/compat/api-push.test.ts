import { createHash } from 'node:crypto'
import { Query, TablesDB } from 'appwrite'
import { ID, Permission, Role, Storage, TablesDB as ServerTablesDB } from 'node-appwrite'
import { InputFile } from 'node-appwrite/file'
import { BUCKET_ID } from '../../shared/db-schema'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { exampleVars } from '../../scripts/local-vars'
import { HOME_ROOM_ID } from '../../shared/constants'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { startPushService, subscriber, type PushService } from '../fixtures/push-service'
import {
  call,
  createUser,
  errorShape,
  jwtFor,
  keyClient,
  PASSWORD,
  sleep,
  type TestUser,
} from './api-setup'
import { webClient } from './helpers/web-sdk'

// Web Push end to end: the Worker encrypts and signs, a local push service checks the VAPID token
// and decrypts with the subscriber's keys (tests/fixtures/push-service.ts).
const VAPID_PUBLIC_KEY = exampleVars().VAPID_PUBLIC_KEY
let app: AppServer
let service: PushService
let ada: TestUser
let ben: TestUser
let adaJwt: string
let benJwt: string

beforeAll(async () => {
  service = await startPushService(VAPID_PUBLIC_KEY)
  app = await startAppServer({ PUSH_ALLOW_HTTP: 'true' })
  ada = await createUser(app.url, 'ada@kathelia.test', 'Ada')
  ben = await createUser(app.url, 'ben@kathelia.test', 'Ben')
  adaJwt = await jwtFor(app.url, ada.email)
  benJwt = await jwtFor(app.url, ben.email)
}, 120_000)

afterAll(async () => {
  await app?.close()
  await service?.close()
})

beforeEach(() => service.clear())
afterEach(() => expect(service.errors).toEqual([]))

/** Sends as the caller of `jwt`; answers the stored message's id and sequence number. */
const say = async (jwt: string, message: string, roomId = HOME_ROOM_ID) => {
  const r = await call(app.url, '/message/add', { roomId, message }, jwt)
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body as { $id: string; seq: number }
}
const setPresence = async (user: TestUser, jwt: string, presence: 'online' | 'away') => {
  const payload = { isOnline: presence === 'online', presence }
  const r = await call(app.url, '/user/update-status', { userId: user.id, payload }, jwt)
  expect(r.status, JSON.stringify(r.body)).toBe(200)
}
const subscribe = async (jwt: string, name: string) => {
  const sub = subscriber(service, name)
  const r = await call(app.url, '/push/subscribe', { ...sub, expirationTime: null }, jwt)
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return sub
}
/** RFC 8030's Topic for a tag, computed apart from the Worker's code: SHA-256, base64url, 32. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32)
const devices = async (jwt: string) => (await call(app.url, '/push/list', {}, jwt)).body.devices

describe('/api/push', () => {
  it('serves the VAPID public key to a signed-in caller only', async () => {
    const r = await call(app.url, '/push/key', {}, benJwt)
    expect(r.body).toEqual({ enabled: true, publicKey: VAPID_PUBLIC_KEY })
    expect((await call(app.url, '/push/key', {})).status).toBe(401)
  })

  it('refuses malformed subscriptions with 400 and the error shape', async () => {
    const good = subscriber(service, 'x')
    const bad = [
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.auth } },
      { ...good, keys: { ...good.keys, auth: 'c2hvcnQ' } },
      { endpoint: good.endpoint },
    ]
    for (const body of bad) {
      const r = await call(app.url, '/push/subscribe', body, benJwt)
      expect(r.status).toBe(400)
      expect(errorShape(r).code).toBe('validation_failed')
    }
  })

  it('lists, and lets only the owner read or delete, a subscription', async () => {
    const sub = await subscribe(benJwt, 'ben-own')
    expect(await devices(benJwt)).toEqual([
      expect.objectContaining({ endpoint: sub.endpoint, device: expect.any(String) }),
    ])
    expect(await devices(adaJwt)).toEqual([])
    // Through the backend directly: row security shows the row to its owner only.
    const rowsOf = async (email: string) => {
      const web = webClient(app.url)
      await web.account.createEmailPasswordSession({ email, password: PASSWORD })
      const list = await new TablesDB(web.client).listRows({
        databaseId: 'kathelia',
        tableId: 'push_subscriptions',
        queries: [Query.limit(100)],
      })
      return list.rows.map((r) => r.endpoint)
    }
    expect(await rowsOf(ben.email)).toEqual([sub.endpoint])
    expect(await rowsOf(ada.email)).toEqual([])
    const theft = await call(app.url, '/push/unsubscribe', { endpoint: sub.endpoint }, adaJwt)
    expect(theft.status).toBe(404)
    const off = await call(app.url, '/push/unsubscribe', { endpoint: sub.endpoint }, benJwt)
    expect(off.status).toBe(204)
    expect(await devices(benJwt)).toEqual([])
  })

  it('pushes a message to the partner without a visible tab, never to the sender or a visible tab', async () => {
    const sub = await subscribe(benJwt, 'ben-1')
    await setPresence(ben, benJwt, 'online')
    await say(adaJwt, 'while Ben looks')
    await setPresence(ben, benJwt, 'away')
    await say(benJwt, 'Ben’s own words')
    await say(adaJwt, 'while Ben is away')
    const [push] = await service.waitFor(1)
    await sleep(1_500)
    expect(service.deliveries).toHaveLength(1)
    expect(push.path).toBe('/push/ben-1')
    expect(sub.decrypt(push.body)).toEqual({
      title: 'Ada',
      body: 'while Ben is away',
      tag: `room:${HOME_ROOM_ID}`,
      url: '/',
      roomId: HOME_ROOM_ID,
      about: expect.stringMatching(/^\w+$/),
      seq: expect.any(Number),
    })
    await call(app.url, '/push/unsubscribe', { endpoint: sub.endpoint }, benJwt)
  })

  it('names the room of a message outside Home in the title', async () => {
    const sub = await subscribe(benJwt, 'ben-room')
    await setPresence(ben, benJwt, 'away')
    const made = await call(app.url, '/room/add', { name: 'Garden', color: '#16a34a' }, adaJwt)
    const roomId = made.body.room.$id as string
    await say(adaJwt, '*Tea* at five?', roomId)
    const [push] = await service.waitFor(1)
    // The room's tag as the push's Topic: an undelivered push of the room is replaced, as its
    // notification would be.
    expect(push.headers.topic).toBe(topicOf(`room:${roomId}`))
    expect(push.headers.topic).not.toBe(topicOf(`room:${HOME_ROOM_ID}`))
    expect(sub.decrypt(push.body)).toEqual({
      title: 'Ada in Garden',
      // Read as shown: the formatting's markers are not the notification's.
      body: 'Tea at five?',
      tag: `room:${roomId}`,
      url: `/rooms/${roomId}`,
      roomId,
      about: expect.stringMatching(/^\w+$/),
      seq: expect.any(Number),
    })
    await call(app.url, '/push/unsubscribe', { endpoint: sub.endpoint }, benJwt)
  })

  it('says what a message without a caption shows: a voice message and its length, a photo, a file by name', async () => {
    await setPresence(ben, benJwt, 'away')
    // Uploaded as Ada's own (the server key may grant her the rights her upload would have).
    const upload = (name: string) =>
      new Storage(keyClient(app.url)).createFile({
        bucketId: BUCKET_ID,
        fileId: ID.unique(),
        file: InputFile.fromBuffer(new Uint8Array(512), name),
        permissions: [
          Permission.read(Role.team('user')),
          Permission.update(Role.user(ada.id)),
          Permission.delete(Role.user(ada.id)),
        ],
      })
    const sub = await subscribe(benJwt, 'ben-files')
    try {
      const sent = [
        [
          { fileId: (await upload('Voice message.webm')).$id, durationMs: 75_400 },
          'Sent a voice message (1:15)',
        ],
        [{ fileId: (await upload('IMG_0042.png')).$id }, 'Sent a photo'],
        [{ fileId: (await upload('clip.mp4')).$id }, 'Sent a video'],
        [{ fileId: (await upload('Minutes of May.pdf')).$id }, 'Sent “Minutes of May.pdf”'],
      ] as const
      for (const [i, [attachment, words]] of sent.entries()) {
        const r = await call(app.url, '/message/add', { roomId: HOME_ROOM_ID, attachment }, adaJwt)
        expect(r.status, JSON.stringify(r.body)).toBe(201)
        const push = (await service.waitFor(i + 1))[i]!
        expect(sub.decrypt(push.body)).toMatchObject({ title: 'Ada', body: words })
      }
    } finally {
      await call(app.url, '/push/unsubscribe', { endpoint: sub.endpoint }, benJwt)
    }
  })

  it('tells the partner’s devices of an edit or a delete of the message their notification shows, and of no other', async () => {
    const sub = await subscribe(benJwt, 'ben-changes')
    try {
      await setPresence(ben, benJwt, 'away')
      // One at a time: two pushes in flight at once may arrive in either order.
      const older = (await say(adaJwt, 'The code is 1234')).$id
      await service.waitFor(1)
      const newest = (await say(adaJwt, 'Door code is *4417*')).$id
      const pushed = await service.waitFor(2)
      expect(pushed.map((p) => sub.decrypt(p.body))).toMatchObject([
        { body: 'The code is 1234', about: older },
        { body: 'Door code is 4417', about: newest },
      ])
      // Ben answers from another device: his own words are never pushed to him, so his
      // notification still shows Ada's newest.
      const thanks = (await say(benJwt, 'Thanks!')).$id
      const act = async (path: string, body: object) => {
        const r = await call(app.url, path, body, adaJwt)
        expect(r.status, JSON.stringify(r.body)).toBe(200)
      }
      // The older message's notification was replaced by the newest's (one tag per room).
      await act('/message/edit', { messageId: older, message: 'The code is 0000' })
      await act('/message/delete', { messageId: older })
      await act('/message/edit', { messageId: newest, message: 'Door code is _0000_' })
      const [edited] = (await service.waitFor(3)).slice(2)
      expect(sub.decrypt(edited!.body)).toEqual({
        title: 'Ada',
        body: 'Door code is 0000',
        tag: `room:${HOME_ROOM_ID}`,
        url: '/',
        roomId: HOME_ROOM_ID,
        about: newest,
        change: 'edited',
      })
      // A deletion carries no words at all; the same edit again is no change and sends nothing.
      await act('/message/edit', { messageId: newest, message: 'Door code is _0000_' })
      await act('/message/delete', { messageId: newest })
      const [deleted] = (await service.waitFor(4)).slice(3)
      expect(sub.decrypt(deleted!.body)).toMatchObject({
        body: '',
        about: newest,
        change: 'deleted',
      })
      expect(JSON.stringify(sub.decrypt(deleted!.body))).not.toContain('Door code')
      // A change shares its message's Topic: one still held for an unreachable device replaces
      // the message's push there, whose words then never arrive.
      expect(new Set(service.deliveries.map((d) => d.headers.topic))).toEqual(
        new Set([topicOf(`room:${HOME_ROOM_ID}`)]),
      )
      await act('/message/delete', { messageId: newest })
      // A reaction of Ada's after her newest message replaced its notification (the room's tag).
      const map = (await say(adaJwt, 'Bring the map')).$id
      await service.waitFor(5)
      const r1 = await call(
        app.url,
        '/message/react',
        { messageId: thanks, emoji: '👍', on: true },
        adaJwt,
      )
      expect(r1.status, JSON.stringify(r1.body)).toBe(200)
      await service.waitFor(6)
      await act('/message/edit', { messageId: map, message: 'Bring the old map' })
      // Once Ben has read past a message, reading closed its notification: nothing is sent.
      const read = await say(adaJwt, 'See you at eight')
      await service.waitFor(7)
      const r = await call(
        app.url,
        '/receipt/read',
        { roomId: HOME_ROOM_ID, seq: read.seq },
        benJwt,
      )
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      await act('/message/edit', { messageId: read.$id, message: 'See you at nine' })
      await sleep(1_500)
      expect(service.deliveries).toHaveLength(7)
    } finally {
      await call(app.url, '/push/unsubscribe', { endpoint: sub.endpoint }, benJwt)
    }
  })

  it('tells the sender of a message of the partner’s reaction, quoting none of it; never of a retry, a removal or one’s own', async () => {
    const sub = await subscribe(benJwt, 'ben-reactions')
    try {
      await setPresence(ben, benJwt, 'away')
      const bens = (await say(benJwt, 'The door code is 4417')).$id
      const adas = (await say(adaJwt, 'Sounds good')).$id
      await service.waitFor(1)
      service.clear()
      const react = async (messageId: string, on: boolean) => {
        const r = await call(app.url, '/message/react', { messageId, emoji: '❤️', on }, adaJwt)
        expect(r.status, JSON.stringify(r.body)).toBe(200)
      }
      await react(bens, true)
      await react(bens, true)
      await react(adas, true)
      const [reacted] = await service.waitFor(1)
      // No quote: an edit or a delete of the message leaves it nothing to take back.
      expect(sub.decrypt(reacted!.body)).toEqual({
        title: 'Ada',
        body: 'Reacted ❤️ to your message',
        tag: `room:${HOME_ROOM_ID}`,
        url: '/',
        roomId: HOME_ROOM_ID,
      })
      await react(bens, false)
      await sleep(1_500)
      expect(service.deliveries).toHaveLength(1)
    } finally {
      await call(app.url, '/push/unsubscribe', { endpoint: sub.endpoint }, benJwt)
    }
  })

  it('deletes a subscription the push service answers 410 Gone', async () => {
    await subscribe(benJwt, 'ben-gone')
    await setPresence(ben, benJwt, 'away')
    service.script({ status: 410 })
    await say(adaJwt, 'anyone there?')
    await service.waitFor(1)
    for (let i = 0; i < 50 && (await devices(benJwt)).length; i++) await sleep(100)
    expect(await devices(benJwt)).toEqual([])
  })

  it('pushes a presence notice of a special user to the partner, as the webhook gets it', async () => {
    const sub = await subscribe(adaJwt, 'ada-1')
    await setPresence(ada, adaJwt, 'away')
    // Ben is on SPECIAL_EMAILS: coming online (a fresh status row) is announced and pushed.
    await new ServerTablesDB(keyClient(app.url))
      .deleteRow({ databaseId: 'kathelia', tableId: 'status', rowId: ben.id })
      .catch(() => undefined)
    await setPresence(ben, benJwt, 'online')
    const [push] = await service.waitFor(1)
    expect(push.path).toBe('/push/ada-1')
    expect(sub.decrypt(push.body)).toMatchObject({
      title: 'Kathelia',
      body: 'Ben is online',
      tag: `room:${HOME_ROOM_ID}`,
    })
    await call(app.url, '/push/unsubscribe', { endpoint: sub.endpoint }, adaJwt)
  })

  it('retries a 429 after Retry-After, then delivers once', async () => {
    const sub = await subscribe(benJwt, 'ben-busy')
    await setPresence(ben, benJwt, 'away')
    service.script({ status: 429, headers: { 'retry-after': '1' } })
    await say(adaJwt, 'try again')
    const tries = await service.waitFor(2)
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(900)
    expect(tries.map((t) => (sub.decrypt(t.body) as { body: string }).body)).toEqual([
      'try again',
      'try again',
    ])
    await sleep(1_500)
    expect(service.deliveries).toHaveLength(2)
    await call(app.url, '/push/unsubscribe', { endpoint: sub.endpoint }, benJwt)
  })
})
