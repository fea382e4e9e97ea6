import { ID, Query, Teams } from 'node-appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { TEAMS } from '../../shared/db-schema'
import { expectModel } from './helpers/openapi'
import { createUser, serverClient, type Credentials } from './helpers/server-sdk'
import { webClient, type WebClient } from './helpers/web-sdk'
import { failure } from './helpers/failure'

// The server Users API (API key) and Teams for users and keys, against the shared server.

const url = inject('serverUrl')
const server = () => serverClient(url)

async function signedIn(creds: Credentials): Promise<WebClient> {
  const web = webClient(url)
  await web.account.createEmailPasswordSession({ email: creds.email, password: creds.password })
  return web
}

describe('users (API key)', () => {
  it('creates a user and reports the full model with the password hash', async () => {
    const id = ID.unique()
    const email = `Full-${id}@Kathelia.test`
    const created = await server().users.create({
      userId: id,
      email,
      password: 'Server-made-1!',
      name: 'Full',
    })
    expectModel(created, 'user', 'server')
    expect(created).toMatchObject({ $id: id, email: email.toLowerCase(), emailVerification: false })
    const got = await server().users.get({ userId: id })
    expectModel(got, 'user', 'server')
    expect(got.password).toMatch(/^pbkdf2-sha256\$100000\$/)
    expect(got.hash).toBe('pbkdf2')
    expect(got.hashOptions).toMatchObject({ type: 'pbkdf2', iterations: 100000 })
    expect(got.targets).toEqual([
      expect.objectContaining({ providerType: 'email', identifier: email.toLowerCase() }),
    ])
    expectModel(got.targets[0], 'target', 'server')

    const dup = await failure(server().users.create({ userId: ID.unique(), email }))
    expect(dup).toMatchObject({ code: 409, type: 'user_already_exists' })
    expect(await failure(server().users.get({ userId: 'missing' }))).toMatchObject({
      code: 404,
      type: 'user_not_found',
    })
  })

  it('lists with queries, search, limit/offset and total', async () => {
    const tag = ID.unique()
    for (const n of [1, 2, 3])
      await server().users.create({
        userId: `${tag}-${n}`,
        email: `list-${n}-${tag}@kathelia.test`,
        password: 'Listed-user-1!',
        name: `Lister ${n} ${tag}`,
      })
    const byEmail = await server().users.list({
      queries: [Query.equal('email', [`list-2-${tag}@kathelia.test`])],
    })
    expectModel(byEmail, 'userList', 'server')
    expect(byEmail.total).toBe(1)
    expect(byEmail.users[0].$id).toBe(`${tag}-2`)

    const searched = await server().users.list({ search: tag })
    expect(searched.total).toBe(3)
    const page = await server().users.list({
      search: tag,
      queries: [Query.orderDesc('name'), Query.limit(1), Query.offset(1)],
    })
    expect(page.total).toBe(3)
    expect(page.users.map((u) => u.$id)).toEqual([`${tag}-2`])
    const noTotal = await server().users.list({ search: tag, total: false })
    expect(noTotal.total).toBe(0)
    expect(noTotal.users).toHaveLength(3)

    const bad = await failure(server().users.list({ queries: [Query.equal('secret', ['x'])] }))
    expect(bad).toMatchObject({ code: 400, type: 'general_query_invalid' })
  })

  it('updates verification and prefs, and ends sessions', async () => {
    const u = await createUser(url, 'usr')
    const web = await signedIn(u)
    const verified = await server().users.updateEmailVerification({
      userId: u.id,
      emailVerification: true,
    })
    expectModel(verified, 'user', 'server')
    expect(verified.emailVerification).toBe(true)
    expect((await web.account.get()).emailVerification).toBe(true)

    const prefs = await server().users.updatePrefs({ userId: u.id, prefs: { blur: 3 } })
    expectModel(prefs, 'preferences', 'server')
    expect(prefs).toEqual({ blur: 3 })
    expect(await web.account.getPrefs()).toEqual({ blur: 3 })

    await server().users.deleteSessions({ userId: u.id })
    expect(await failure(web.account.get())).toMatchObject({ code: 401 })
  })

  it('is refused without the API key', async () => {
    const u = await createUser(url, 'nokey')
    const web = await signedIn(u)
    const res = await fetch(`${url}/v1/users`, {
      headers: {
        'x-appwrite-project': 'kathelia',
        cookie: web.jar.header(),
      },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({
      type: 'general_unauthorized_scope',
      message: `${u.email} (role: users) missing scopes (["users.read"])`,
    })
    const guest = await fetch(`${url}/v1/users/${u.id}`, {
      headers: { 'x-appwrite-project': 'kathelia' },
    })
    expect(await guest.json()).toMatchObject({
      code: 401,
      type: 'general_unauthorized_scope',
      message: 'User (role: guests) missing scopes (["users.read"])',
    })
  })
})

describe('teams', () => {
  let member: Credentials
  let stranger: Credentials
  beforeAll(async () => {
    ;[member, stranger] = [await createUser(url, 'team'), await createUser(url, 'stranger')]
  })

  it('a key adds a confirmed member; the member then sees the team', async () => {
    const web = await signedIn(member)
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
    const members = await web.teams.listMemberships({ teamId: TEAMS.user })
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
    const web = await signedIn(member)
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
    const web = await signedIn(u)
    expect((await web.teams.get({ teamId: TEAMS.admin })).$id).toBe(TEAMS.admin)
    // Another user cannot remove it; the key can.
    const other = await signedIn(member)
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
    const web = await signedIn(owner)
    const pending = await web.teams.createMembership({
      teamId: TEAMS.admin,
      roles: ['viewer'],
      email: invitee.email,
      url: `${url}/join`,
    })
    expectModel(pending, 'membership')
    expect(pending).toMatchObject({ userId: invitee.id, confirm: false, joined: '' })
    const mail = (
      (await (await fetch(`${url}/__dev/outbox`)).json()) as { to: string; text: string }[]
    ).find((x) => x.to === invitee.email)!
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0])
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
      const { memberships } = await teams.listMemberships({
        teamId: TEAMS.admin,
        queries: [Query.equal('userId', who)],
      })
      for (const x of memberships)
        await teams.deleteMembership({ teamId: TEAMS.admin, membershipId: x.$id })
    }
  })
})
