import { Query } from 'appwrite'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  acked,
  createRoom,
  inbox,
  roomColor,
  settled,
  socketOf,
  SpySocket,
  table,
  until,
  USER_TEAM,
} from './helpers/realtime'
import { newUser, sessionClient, type TestUser } from './helpers/users'

// The web SDK 27's deprecated `client.subscribe` against the embedded backend: same protocol,
// a synchronous unsubscribe that never sends a frame, reconnection.

const rooms = table('rooms')

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

let member: TestUser
beforeAll(async () => void (member = await newUser({ teams: [USER_TEAM] })))

describe('client.subscribe (deprecated)', () => {
  it('delivers events, applies queries, and stops after the returned unsubscribe', async () => {
    const client = sessionClient(member.session)
    const all = inbox()
    const picked = inbox()
    const wanted = roomColor()
    const stopAll = client.subscribe(rooms, all.push)
    const stopPicked = client.subscribe([rooms], picked.push, [Query.equal('color', wanted)])
    stops.push(stopAll, stopPicked)
    await settled(client, 2)
    await createRoom()
    const match = await createRoom({ color: wanted })
    await all.nth(2)
    // The SDK calls each subscription's callback in a timer of its own, so the filtered one's
    // may run after the other's (ci125's retry).
    await picked.nth(1)
    expect(picked.ids()).toEqual([match.$id])

    stopPicked()
    await createRoom({ color: wanted })
    await all.nth(3)
    expect(picked.events).toHaveLength(1)

    // The last unsubscribe closes the socket; it sends no unsubscribe frame.
    const socket = socketOf(client)
    stopAll()
    await until(() => socket.readyState === SpySocket.CLOSED, 'socket closed')
    expect(socket.frames.some((f) => f.data?.to === 'unsubscribe')).toBe(false)
  })

  it('reconnects after the connection drops', async () => {
    const client = sessionClient(member.session)
    const got = inbox()
    stops.push(client.subscribe(rooms, got.push))
    await acked(client, rooms)
    const dropped = socketOf(client)
    dropped.terminate()
    await until(() => socketOf(client) !== dropped, 'a new socket', 10_000)
    await acked(client, rooms)
    const room = await createRoom()
    expect((await got.nth(1)).payload.$id).toBe(room.$id)
  })
})
