import { Query } from 'node-appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { TEAMS } from '../../shared/db-schema'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { serverClient } from './helpers/server-sdk'
import { createUser, signedIn, type Credentials } from './helpers/users'
import { webClient } from './helpers/web-sdk'

// Teams and memberships for users (web SDK) and keys (node-appwrite), against the shared server.
// Leaving a team and invitations: teams-memberships.test.ts.

const url = inject('serverUrl')
const server = () => serverClient(url)

describe('teams', () => {
  let member: Credentials
  let stranger: Credentials
  beforeAll(async () => {
    ;[member, stranger] = [await createUser(url, 'team'), await createUser(url, 'stranger')]
  })

  it('a key adds a confirmed member; the member then sees the team', async () => {
    const web = await signedIn(url, member)
    const none = await web.teams.list()
    expectModel(none, 'teamList')
    expect(none.teams.map((t) => t.$id)).not.toContain(TEAMS.user)
    const notYet = await failure(web.teams.get({ teamId: TEAMS.user }))
    expect(notYet).toMatchObject({ code: 404, type: 'team_not_found' })

    const before = (await server().teams.get({ teamId: TEAMS.user })).total
    const m = await server().teams.createMembership({
      teamId: TEAMS.user,
      roles: ['member'],
      userId: member.id,
    })
    expectModel(m, 'membership', 'server')
    expect(m).toMatchObject({
      userId: member.id,
      userEmail: member.email,
      userName: member.name,
      teamId: TEAMS.user,
      teamName: TEAMS.user,
      confirm: true,
      roles: ['member'],
    })
    expect(Date.parse(m.joined)).toBeGreaterThan(Date.now() - 10_000)

    const mine = await web.teams.list()
    expect(mine.teams.map((t) => t.$id)).toEqual([TEAMS.user])
    expect(mine.total).toBe(1)
    const team = await web.teams.get({ teamId: TEAMS.user })
    expectModel(team, 'team')
    expect(team.total).toBe(before + 1)
    // Other files add members to the shared server's team: read every page's worth.
    const members = await web.teams.listMemberships({
      teamId: TEAMS.user,
      queries: [Query.limit(5000)],
    })
    expectModel(members, 'membershipList')
    expect(members.memberships.map((x) => x.userId)).toContain(member.id)
    const filtered = await web.teams.listMemberships({
      teamId: TEAMS.user,
      queries: [Query.equal('userId', member.id)],
    })
    expect(filtered.memberships.map((x) => x.$id)).toEqual([m.$id])
    expect(await failure(web.teams.get({ teamId: TEAMS.admin }))).toMatchObject({ code: 404 })

    const again = await failure(
      server().teams.createMembership({ teamId: TEAMS.user, roles: [], userId: member.id }),
    )
    expect(again).toMatchObject({ code: 409, type: 'membership_already_confirmed' })
  })

  it('refuses unknown users, non-owners and guests', async () => {
    expect(
      await failure(
        server().teams.createMembership({ teamId: TEAMS.user, roles: [], userId: 'no-such-user' }),
      ),
    ).toMatchObject({ code: 404, type: 'user_not_found' })
    expect(await failure(server().teams.get({ teamId: 'no-such-team' }))).toMatchObject({
      code: 404,
      type: 'team_not_found',
    })

    // A member who is not an owner may not invite (401 user_unauthorized).
    const web = await signedIn(url, member)
    const invite = await failure(
      web.teams.createMembership({
        teamId: TEAMS.user,
        roles: [],
        userId: stranger.id,
        url: `${url}/`,
      }),
    )
    expect(invite).toMatchObject({ code: 401, type: 'user_unauthorized' })

    const guest = await failure(webClient(url).teams.list())
    expect(guest).toMatchObject({
      code: 401,
      type: 'general_unauthorized_scope',
      message: 'User (role: guests) missing scopes (["teams.read"])',
    })
  })
})
