import { Account } from 'appwrite'
import { Teams } from 'node-appwrite'
import { afterEach, describe, expect, it } from 'vitest'
import { expectModel } from './helpers/openapi'
import {
  acked,
  createRoom,
  createScan,
  disconnectAll,
  inbox,
  live,
  settled,
  table,
  USER_TEAM,
} from './helpers/realtime'
import { keyClient } from './helpers/server-sdk'
import { newUser, sessionClient } from './helpers/users'

// Who receives an event: roles, row security, account channels, sign-out and role changes on an
// open socket. A "not delivered" is proven by a later event that the same socket does receive:
// one socket gets its events in order, so a forbidden event would have arrived first.

const rooms = table('rooms')
const scans = table('scans')

afterEach(disconnectAll)

describe('realtime access', () => {
  it('account events reach their owner only', async () => {
    const [a, b] = await Promise.all([newUser(), newUser()])
    const [rtA, rtB] = [live(a.session), live(b.session)]
    const [gotA, gotB] = [inbox(), inbox()]
    await rtA.subscribe('account', gotA.push)
    await rtB.subscribe('account', gotB.push)
    await Promise.all([acked(rtA, `account.${a.id}`), acked(rtB, `account.${b.id}`)])

    await new Account(sessionClient(b.session)).updatePrefs({ prefs: { who: 'b' } })
    await new Account(sessionClient(a.session)).updatePrefs({ prefs: { who: 'a' } })
    // B's fence: had A's update leaked to B, it would arrive before this one.
    await new Account(sessionClient(b.session)).updatePrefs({ prefs: { who: 'b2' } })
    expect((await gotB.nth(1)).payload).toMatchObject({ $id: b.id, prefs: { who: 'b' } })
    expect((await gotB.nth(2)).payload).toMatchObject({ $id: b.id, prefs: { who: 'b2' } })
    expect((await gotA.nth(1)).payload).toMatchObject({ $id: a.id, prefs: { who: 'a' } })
    for (const e of [...gotA.events, ...gotB.events]) expectModel(e.payload, 'user')
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

  it('a guest gets no rows of a team-read table nor private scans; a member does', async () => {
    const member = await newUser({ teams: [USER_TEAM] })
    const guest = live()
    const fellow = live(member.session)
    const [gotGuest, gotMember] = [inbox(), inbox()]
    await guest.subscribe([rooms, scans], gotGuest.push)
    await fellow.subscribe(rooms, gotMember.push)
    await Promise.all([acked(guest, rooms), acked(fellow, rooms)])

    const room = await createRoom()
    await createScan(`user:${member.id}`)
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

    await new Account(sessionClient(a.session)).deleteSession({ sessionId: 'current' })
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
})
