import { Channel } from 'appwrite'
import { Teams } from 'node-appwrite'
import { afterEach, describe, expect, it } from 'vitest'
import { expectModel } from './helpers/openapi'
import { acked, createScan, disconnectAll, inbox, live, table, USER_TEAM } from './helpers/realtime'
import { keyClient } from './helpers/server-sdk'
import { newUser } from './helpers/users'

// Membership events as Appwrite routes them (Realtime::fromPayload, protocol §6.4): channels
// `memberships`, `memberships.M` and their `.create`/`.delete` forms, never `teams`/`teams.T`
// (those are for events of the team itself, which the fixed teams never have); roles
// `team:T`; and `permissionsChanged`, so the member's roles are recomputed before fan-out
// (realtime.php: the new member gets its `create`, a removed member no longer gets its `delete`).
// A "not delivered" is proven by a later fence event the same socket does receive.

afterEach(disconnectAll)

const scans = table('scans')
const teams = () => new Teams(keyClient())

function expectMembershipEvent(
  event: { events: string[]; channels: string[]; payload: Record<string, any> },
  m: { $id: string; userId: string },
  action: 'create' | 'delete',
) {
  const [T, M] = [USER_TEAM, m.$id]
  expect(event.events[0]).toBe(`teams.${T}.memberships.${M}.${action}`)
  expect([...event.events].sort()).toEqual(
    [
      `teams.${T}.memberships.${M}.${action}`,
      `teams.${T}.memberships.*.${action}`,
      `teams.*.memberships.${M}.${action}`,
      `teams.*.memberships.*.${action}`,
      `teams.${T}.memberships.${M}`,
      `teams.${T}.memberships.*`,
      `teams.*.memberships.${M}`,
      `teams.*.memberships.*`,
      `teams.${T}`,
      'teams.*',
    ].sort(),
  )
  expect([...event.channels].sort()).toEqual(
    [
      'memberships',
      `memberships.${M}`,
      `memberships.${action}`,
      `memberships.${M}.${action}`,
    ].sort(),
  )
  expect(event.payload).toMatchObject({ $id: M, userId: m.userId, teamId: T })
  expectModel(event.payload, 'membership')
}

describe('membership events on realtime', () => {
  it('reach the team and the new member, not an outsider; a removed member gets no delete', async () => {
    const [fellow, joiner, outsider] = await Promise.all([
      newUser({ teams: [USER_TEAM] }),
      newUser(),
      newUser(),
    ])
    const channels = [Channel.memberships(), Channel.teams(), scans]
    const [rtFellow, rtJoiner, rtOutsider] = [fellow, joiner, outsider].map((u) => live(u.session))
    const [gotFellow, gotJoiner, gotOutsider] = [inbox(), inbox(), inbox()]
    await rtFellow.subscribe(channels, gotFellow.push)
    await rtJoiner.subscribe(channels, gotJoiner.push)
    await rtOutsider.subscribe(channels, gotOutsider.push)
    await Promise.all([rtFellow, rtJoiner, rtOutsider].map((rt) => acked(rt, 'memberships')))

    const m = await teams().createMembership({ teamId: USER_TEAM, roles: [], userId: joiner.id })
    expectMembershipEvent(await gotFellow.nth(1), m, 'create')
    expectMembershipEvent(await gotJoiner.nth(1), m, 'create')

    await teams().deleteMembership({ teamId: USER_TEAM, membershipId: m.$id })
    expectMembershipEvent(await gotFellow.nth(2), m, 'delete')

    // Fences: the outsider's first and the removed member's second event are their own scans.
    const [fenceOut, fenceJoiner] = [
      await createScan(`user:${outsider.id}`),
      await createScan(`user:${joiner.id}`),
    ]
    expect((await gotOutsider.nth(1)).payload.$id).toBe(fenceOut.$id)
    expect((await gotJoiner.nth(2)).payload.$id).toBe(fenceJoiner.$id)
    expect(gotOutsider.events).toHaveLength(1)
    // Nobody got a team-channel event for a membership change.
    for (const got of [gotFellow, gotJoiner, gotOutsider])
      for (const e of got.events) expect(e.channels).not.toContain('teams')
  })
})
