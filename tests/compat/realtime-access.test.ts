import {
  acked,
  createRoom,
  createScan,
  endpoint,
  inbox,
  keyClient,
  newUser,
  PROJECT,
  realtimeFor,
  responseTo,
  settled,
  socketOf,
  table,
  until,
  USER_TEAM,
  webClient,
  wsUrl,
} from './helpers/realtime'
import { Account, Channel, Client, ID, Realtime } from 'appwrite'
import { Teams } from 'node-appwrite'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { expectModel } from './helpers/openapi'

// Who receives an event: roles, row security, account channels, sign-out and role changes on an
// open socket. A "not delivered" is proven by a later event that the same socket does receive:
// one socket gets its events in order, so a forbidden event would have arrived first.

const rooms = table('rooms')
const scans = table('scans')

const opened: Realtime[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((rt) => rt.disconnect()))
})

function live(session?: string | Client): Realtime {
  const rt = session instanceof Client ? new Realtime(session) : realtimeFor(session)
  opened.push(rt)
  return rt
}

describe('realtime access', () => {
  it('account events reach their owner only', async () => {
    const [a, b] = await Promise.all([newUser(), newUser()])
    const [rtA, rtB] = [live(a.session), live(b.session)]
    const [gotA, gotB] = [inbox(), inbox()]
    await rtA.subscribe('account', gotA.push)
    await rtB.subscribe('account', gotB.push)
    await Promise.all([acked(rtA, `account.${a.id}`), acked(rtB, `account.${b.id}`)])

    await new Account(webClient(b.session)).updatePrefs({ prefs: { who: 'b' } })
    await new Account(webClient(a.session)).updatePrefs({ prefs: { who: 'a' } })
    expect((await gotB.nth(1)).payload).toMatchObject({ $id: b.id, prefs: { who: 'b' } })
    expect((await gotA.nth(1)).payload).toMatchObject({ $id: a.id, prefs: { who: 'a' } })
  })

  it('rows of a rowSecurity table reach only the roles that may read them', async () => {
    const [a, b] = await Promise.all([newUser(), newUser()])
    const [rtA, rtB] = [live(a.session), live(b.session)]
    const [gotA, gotB] = [inbox(), inbox()]
    await rtA.subscribe(scans, gotA.push)
    await rtB.subscribe(scans, gotB.push)
    await Promise.all([acked(rtA, scans), acked(rtB, scans)])

    const forA = await createScan(`user:${a.id}`)
    const forB = await createScan(`user:${b.id}`)
    const forAgain = await createScan(`user:${a.id}`)
    expect((await gotB.nth(1)).payload.$id).toBe(forB.$id)
    await gotA.nth(2)
    expect(gotA.ids()).toEqual([forA.$id, forAgain.$id])
  })

  it('a guest gets no rows of a team-read table; a member does', async () => {
    const member = await newUser({ team: USER_TEAM })
    const guest = live()
    const fellow = live(member.session)
    const [gotGuest, gotMember] = [inbox(), inbox()]
    await guest.subscribe([rooms, scans], gotGuest.push)
    await fellow.subscribe(rooms, gotMember.push)
    await Promise.all([acked(guest, rooms), acked(fellow, rooms)])

    const room = await createRoom()
    const open = await createScan('any')
    expect((await gotMember.nth(1)).payload.$id).toBe(room.$id)
    expect((await gotGuest.nth(1)).payload.$id).toBe(open.$id)
  })

  it('a socket whose session is deleted loses the user rights', async () => {
    const a = await newUser()
    const rt = live(a.session)
    const got = inbox()
    await rt.subscribe(scans, got.push)
    await acked(rt, scans)
    const before = await createScan(`user:${a.id}`)
    await got.nth(1)

    await new Account(webClient(a.session)).deleteSession({ sessionId: 'current' })
    await createScan(`user:${a.id}`)
    const open = await createScan('any')
    await got.nth(2)
    expect(got.ids()).toEqual([before.$id, open.$id])
  })

  it('joining a team takes effect on an open socket', async () => {
    const c = await newUser()
    const rt = live(c.session)
    const got = inbox()
    await rt.subscribe([rooms, scans], got.push)
    await settled(rt, 1)
    await createRoom()
    const fence = await createScan(`user:${c.id}`)
    expect((await got.nth(1)).payload.$id).toBe(fence.$id)

    await new Teams(keyClient()).createMembership({ teamId: USER_TEAM, roles: [], userId: c.id })
    const room = await createRoom()
    expect((await got.nth(2)).payload.$id).toBe(room.$id)
  })

  it('a JWT in the URL authenticates the socket at connect', async () => {
    const a = await newUser()
    const { jwt } = await new Account(webClient(a.session)).createJWT()
    const client = new Client().setEndpoint(endpoint()).setProject(PROJECT).setJWT(jwt)
    const rt = live(client)
    const got = inbox()
    await rt.subscribe(Channel.account(), got.push)
    await acked(rt, `account.${a.id}`)
    expect(socketOf(rt).frames[0]).toMatchObject({
      type: 'connected',
      data: { channels: [], subscriptions: [], user: { $id: a.id, email: a.email } },
    })
    expectModel(socketOf(rt).frames[0].data.user, 'user')
    // Already signed in, so the SDK sends no authentication frame.
    expect(socketOf(rt).frames.some((f) => f.data?.to === 'authentication')).toBe(false)
    await new Account(webClient(a.session)).updateName({ name: 'Renamed' })
    expect((await got.nth(1)).payload).toMatchObject({ $id: a.id, name: 'Renamed' })
  })

  it('rebinds `account` subscriptions made before authentication', async () => {
    const a = await newUser()
    const ws = new WebSocket(wsUrl())
    const frames: { type: string; data?: any }[] = []
    ws.on('message', (m) => frames.push(JSON.parse(String(m))))
    try {
      await until(() => frames.length, 'connected')
      ws.send(
        JSON.stringify({
          type: 'subscribe',
          data: [{ subscriptionId: 'acc', channels: ['account'] }],
        }),
      )
      const ack = await until(() => frames.find((f) => f.data?.to === 'subscribe'), 'ack')
      expect(ack.data.subscriptions[0].channels).toEqual([])
      ws.send(JSON.stringify({ type: 'authentication', data: { session: a.session } }))
      const auth = await until(() => frames.find((f) => f.data?.to === 'authentication'), 'auth')
      expect(auth.data).toMatchObject({ success: true, user: { $id: a.id } })
      await new Account(webClient(a.session)).updatePrefs({ prefs: { late: true } })
      const event = await until(() => frames.find((f) => f.type === 'event'), 'event')
      expect(event.data.subscriptions).toEqual(['acc'])
      expect(event.data.payload.$id).toBe(a.id)
    } finally {
      ws.terminate()
    }
  })

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
