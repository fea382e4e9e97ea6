import { Account, Channel, ID, Query } from 'appwrite'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_ID } from '../../shared/db-schema'
import { expectModel } from './helpers/openapi'
import {
  acked,
  createRoom,
  disconnectAll,
  inbox,
  live,
  responseTo,
  roomColor,
  settled,
  socketOf,
  table,
  until,
  USER_TEAM,
} from './helpers/realtime'
import { newUser, sessionClient, type TestUser } from './helpers/users'

// The official web SDK 27's `Realtime` class in Node against the embedded backend (the deprecated
// `client.subscribe`: realtime-subscribe.test.ts). Rows are written with the API key, as the
// product API does.

const rooms = table('rooms')

afterEach(disconnectAll)

let member: TestUser
beforeAll(async () => void (member = await newUser({ teams: [USER_TEAM] })))

describe('Realtime class', () => {
  it('authenticates by the authentication frame and delivers row events', async () => {
    const rt = live(member.session)
    const got = inbox()
    await rt.subscribe(Channel.tablesdb(DATABASE_ID).table('rooms').row(), got.push)
    await acked(rt, rooms)
    // The handshake from Node carries no cookie, so the server greets a guest…
    expect(socketOf(rt).frames[0]).toEqual({
      type: 'connected',
      data: { channels: [], subscriptions: [], user: null },
    })
    // …and the SDK authenticates with its session; the reply is the Account model.
    const auth = await responseTo(rt, 'authentication')
    expect(auth.data).toMatchObject({
      success: true,
      user: { $id: member.id, email: member.email },
    })
    expect(auth.data.user).not.toHaveProperty('password')
    expectModel(auth.data.user, 'user')

    const room = await createRoom()
    const event = await got.nth(1)
    expect(event.payload).toMatchObject({ $id: room.$id, $tableId: 'rooms', name: room.name })
    expect(event.events).toContain(`databases.${DATABASE_ID}.tables.rooms.rows.${room.$id}.create`)
    expect(event.channels).toEqual(expect.arrayContaining([rooms, `${rooms}.${room.$id}.create`]))
    expect(event.subscriptions).toHaveLength(1)
  })

  it('takes the session from localStorage.cookieFallback when none is set', async () => {
    const got = inbox()
    localStorage.setItem('cookieFallback', JSON.stringify({ a_session_kathelia: member.session }))
    try {
      const rt = live()
      await rt.subscribe(Channel.account(), got.push)
      await acked(rt, `account.${member.id}`)
    } finally {
      localStorage.removeItem('cookieFallback')
    }
    const mark = ID.unique()
    await new Account(sessionClient(member.session)).updatePrefs({ prefs: { mark } })
    const event = await got.nth(1)
    expect(event.payload).toMatchObject({ $id: member.id, prefs: { mark } })
    expect(event.events).toContain(`users.${member.id}.update.prefs`)
  })

  it('applies subscription queries and names only the subscriptions that matched', async () => {
    const rt = live(member.session)
    const all = inbox()
    const picked = inbox()
    const wanted = roomColor()
    await rt.subscribe(rooms, all.push)
    await rt.subscribe(rooms, picked.push, [Query.equal('color', wanted)])
    await settled(rt, 2)
    const other = await createRoom({ color: '#000001' })
    const match = await createRoom({ color: wanted })
    await all.nth(2)
    await picked.nth(1)
    expect(all.ids()).toEqual([other.$id, match.$id])
    // Events arrive in order, so had the first room matched it would have come first.
    expect(picked.ids()).toEqual([match.$id])
    expect(all.events[0].subscriptions).toHaveLength(1)
    expect(all.events[1].subscriptions).toHaveLength(2)
  })

  it('update() replaces the queries of a live subscription', async () => {
    const rt = live(member.session)
    const got = inbox()
    const [first, second] = [roomColor(), roomColor()]
    const sub = await rt.subscribe(rooms, got.push, [Query.equal('color', first)])
    await settled(rt, 1)
    await sub.update({ queries: [Query.equal('color', second)] })
    await until(
      () => socketOf(rt).frames.filter((f) => f.data?.to === 'subscribe').length >= 2,
      'second subscribe ack',
    )
    await createRoom({ color: first })
    const match = await createRoom({ color: second })
    expect((await got.nth(1)).payload.$id).toBe(match.$id)
  })

  it('unsubscribe() stops delivery to that subscription and keeps the socket', async () => {
    const rt = live(member.session)
    const gone = inbox()
    const kept = inbox()
    const sub = await rt.subscribe(rooms, gone.push)
    await rt.subscribe(rooms, kept.push)
    await settled(rt, 2)
    const socket = socketOf(rt)
    await sub.unsubscribe()
    const ack = await responseTo(rt, 'unsubscribe')
    expect(ack.data.subscriptions).toEqual([{ subscriptionId: expect.any(String), removed: true }])
    const room = await createRoom()
    expect((await kept.nth(1)).payload.$id).toBe(room.$id)
    expect(kept.events[0].subscriptions).toHaveLength(1)
    expect(gone.events).toHaveLength(0)
    expect(socketOf(rt)).toBe(socket)
  })

  it('reports error frames to onError with their code', async () => {
    const rt = live()
    const errors: [string, number | undefined][] = []
    rt.onError((err, code) => errors.push([err?.message ?? '', code]))
    await rt.subscribe('files', () => {}, [Query.limit(1)])
    await until(() => errors.length > 0, 'an error frame')
    expect(errors[0][1]).toBe(1003)
    expect(errors[0][0]).toMatch(/^Invalid query: Query method 'limit' is not supported/)
  })

  it('reconnects after the connection drops and receives events again', async () => {
    const rt = live(member.session)
    const got = inbox()
    await rt.subscribe(rooms, got.push)
    await acked(rt, rooms)
    const dropped = socketOf(rt)
    dropped.terminate()
    // The SDK retries after 1 s, authenticates again and re-sends its subscriptions.
    await until(() => socketOf(rt) !== dropped, 'a new socket', 10_000)
    await acked(rt, rooms)
    expect((await responseTo(rt, 'authentication')).data.success).toBe(true)
    const room = await createRoom()
    expect((await got.nth(1)).payload.$id).toBe(room.$id)
  })
})
