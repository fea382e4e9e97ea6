import { Channel, ID } from 'appwrite'
import { afterEach, describe, expect, it } from 'vitest'
import {
  acked,
  createScan,
  disconnectAll,
  inbox,
  live,
  responseTo,
  table,
} from './helpers/realtime'
import { newUser } from './helpers/users'

// Presences over the socket: an upsert reaches the readers of the presence only, and a presence
// ends with the socket that holds it. "Not delivered" is proven by a later fence event.

const scans = table('scans')

afterEach(disconnectAll)

describe('realtime presence', () => {
  it('presence upserts reach readers of the presence only', async () => {
    const [a, b] = await Promise.all([newUser(), newUser()])
    const [rtA, rtB] = [live(a.session), live(b.session)]
    const [gotA, gotB] = [inbox(), inbox()]
    await rtA.subscribe(Channel.presences(), gotA.push)
    await rtB.subscribe([Channel.presences(), scans], gotB.push)
    await Promise.all([acked(rtA, 'presences'), acked(rtB, 'presences')])

    const presenceId = ID.unique()
    await rtA.upsertPresence({ status: 'online', presenceId, metadata: { page: 'chat' } })
    const reply = await responseTo(rtA, 'presence')
    expect(reply.data.presence).toMatchObject({ $id: presenceId, userId: a.id, status: 'online' })
    const event = await gotA.nth(1)
    expect(event.payload).toMatchObject({
      $id: presenceId,
      userId: a.id,
      metadata: { page: 'chat' },
    })
    expect(event.events).toContain(`presences.${presenceId}.upsert`)
    const fence = await createScan(`user:${b.id}`)
    expect((await gotB.nth(1)).payload.$id).toBe(fence.$id)
  })

  it('a presence ends with its socket', async () => {
    const a = await newUser()
    const [watcher, holder] = [live(a.session), live(a.session)]
    const got = inbox()
    await watcher.subscribe(Channel.presences(), got.push)
    await acked(watcher, 'presences')
    const presenceId = ID.unique()
    await holder.upsertPresence({ status: 'away', presenceId })
    expect((await got.nth(1)).events).toContain(`presences.${presenceId}.upsert`)
    await holder.disconnect()
    const gone = await got.nth(2)
    expect(gone.events).toContain(`presences.${presenceId}.delete`)
    expect(gone.payload).toMatchObject({ $id: presenceId, userId: a.id, status: 'away' })
  })
})
