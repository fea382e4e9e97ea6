import { Query, Teams } from 'node-appwrite'
import { describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { TEAMS } from '../../shared/db-schema'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { lastMailTo } from './helpers/outbox'
import { serverClient } from './helpers/server-sdk'
import { createUser, signedIn } from './helpers/users'
import { webClient } from './helpers/web-sdk'

// Leaving a team (a deleted membership) and joining by invitation, against the shared server.

const url = inject('serverUrl')
const server = () => serverClient(url)

describe('team memberships', () => {
  it('a key lists every team; a deleted membership leaves the team', async () => {
    const all = await server().teams.list()
    expectModel(all, 'teamList', 'server')
    expect(all.teams.map((t) => t.$id)).toEqual(expect.arrayContaining([TEAMS.admin, TEAMS.user]))

    const u = await createUser(url, 'leave')
    const m = await server().teams.createMembership({
      teamId: TEAMS.admin,
      roles: [],
      userId: u.id,
    })
    const total = (await server().teams.get({ teamId: TEAMS.admin })).total
    const web = await signedIn(url, u)
    expect((await web.teams.get({ teamId: TEAMS.admin })).$id).toBe(TEAMS.admin)
    // Another user cannot remove it; the key can.
    const other = await signedIn(url, await createUser(url, 'other'))
    expect(
      await failure(other.teams.deleteMembership({ teamId: TEAMS.admin, membershipId: m.$id })),
    ).toMatchObject({ code: 404, type: 'team_not_found' })
    await server().teams.deleteMembership({ teamId: TEAMS.admin, membershipId: m.$id })
    expect((await server().teams.get({ teamId: TEAMS.admin })).total).toBe(total - 1)
    expect(await failure(web.teams.get({ teamId: TEAMS.admin }))).toMatchObject({ code: 404 })
    expect(
      await failure(server().teams.deleteMembership({ teamId: TEAMS.admin, membershipId: m.$id })),
    ).toMatchObject({ code: 404, type: 'membership_not_found' })
  })

  it('an owner invites by mail; the invitee accepts with the secret', async () => {
    const owner = await createUser(url, 'owner')
    const invitee = await createUser(url, 'invitee')
    const teams = new Teams(server().client)
    await teams.createMembership({ teamId: TEAMS.admin, roles: ['owner'], userId: owner.id })
    const web = await signedIn(url, owner)
    const pending = await web.teams.createMembership({
      teamId: TEAMS.admin,
      roles: ['viewer'],
      email: invitee.email,
      url: `${url}/join`,
    })
    expectModel(pending, 'membership')
    expect(pending).toMatchObject({ userId: invitee.id, confirm: false, joined: '' })
    const { link } = await lastMailTo(invitee.email)
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      membershipId: pending.$id,
      userId: invitee.id,
      teamId: TEAMS.admin,
    })

    const guest = webClient(url)
    const accepted = await guest.teams.updateMembershipStatus({
      teamId: TEAMS.admin,
      membershipId: pending.$id,
      userId: invitee.id,
      secret: link.searchParams.get('secret')!,
    })
    expectModel(accepted, 'membership')
    expect(accepted.confirm).toBe(true)
    // Accepting signs the invitee in, as Appwrite does.
    expect((await guest.account.get()).$id).toBe(invitee.id)
    expect((await guest.teams.get({ teamId: TEAMS.admin })).$id).toBe(TEAMS.admin)
    // Clean up the owner role for later tests on this shared server.
    for (const who of [owner.id, invitee.id]) {
      const list = await teams.listMemberships({
        teamId: TEAMS.admin,
        queries: [Query.equal('userId', who)],
      })
      expectModel(list, 'membershipList', 'server')
      expect(list.memberships.map((x) => x.userId)).toEqual([who])
      for (const x of list.memberships)
        await teams.deleteMembership({ teamId: TEAMS.admin, membershipId: x.$id })
    }
  })
})
