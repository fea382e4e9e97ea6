import { beforeAll, describe, expect, it } from 'vitest'
import { call, signIn, type Credentials } from './edge'

// Privilege escalation: a user (Ben, in the team `user` only) cannot grant roles they lack in
// `$permissions`, give themselves labels, join the team `admin` or make another user a member.
let ben: Credentials
beforeAll(async () => {
  ben = await signIn('ben@kathelia.test')
  const teams = await call('/api/auth/assign-teams', {
    headers: { authorization: `Bearer ${ben.jwt}` },
    json: { userId: ben.userId },
  })
  expect(teams.status).toBe(200)
})

const asBen = (path: string, method: string, json: unknown) =>
  call(path, { method, headers: { cookie: ben.cookie }, json })

describe('privilege escalation', () => {
  // Bookmarks: the team `user` may create, with row security, so only the granted roles differ.
  const bookmark = (permissions: string[]) =>
    asBen('/v1/tablesdb/kathelia/tables/bookmarks/rows', 'POST', {
      rowId: 'unique()',
      data: { url: 'https://kathelia.test/' },
      permissions,
    })

  it('a row granting only roles Ben holds is created (the control case)', async () => {
    const res = await bookmark([`read("user:${ben.userId}")`, 'read("team:user")'])
    expect(res.status).toBe(201)
  })

  it.each([
    'read("team:admin")',
    'update("team:admin")',
    'read("label:admin")',
    'read("user:someone-else")',
    'delete("member:whatever")',
  ])('a row granting %s (a role Ben lacks) is refused', async (permission) => {
    const res = await bookmark([permission])
    expect(res.status, permission).toBe(401)
    expect(await res.json()).toMatchObject({ type: 'user_unauthorized' })
  })

  it('labels, team admin and memberships for others need the API key', async () => {
    for (const [path, method, body] of [
      [`/v1/users/${ben.userId}/labels`, 'PUT', { labels: ['admin'] }],
      [`/v1/users/${ben.userId}/status`, 'PATCH', { status: true }],
      ['/v1/teams/admin/memberships', 'POST', { userId: ben.userId, roles: ['owner'] }],
      ['/v1/teams/user/memberships', 'POST', { email: 'dummy@kathelia.test', roles: ['owner'] }],
    ] as const) {
      const res = await asBen(path, method, body)
      expect([401, 403, 404], `${method} ${path}`).toContain(res.status)
    }
    const me = (await (await call('/v1/account', { headers: { cookie: ben.cookie } })).json()) as {
      labels: string[]
    }
    expect(me.labels).toEqual([])
    const admin = await call('/v1/teams/admin', { headers: { cookie: ben.cookie } })
    expect(admin.status).toBe(404)
  })
})
