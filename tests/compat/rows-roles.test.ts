import { Query } from 'appwrite'
import { Permission } from 'node-appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { serverClient } from './helpers/server-sdk'
import { newUser, type TestUser } from './helpers/users'
import { DB, keyTables, uid, webTables } from './rows-setup'

// Appwrite's role semantics (protocol §7, User::getRoles) on a rowSecurity table with no
// table-level read (scans): one row per role, read by five callers. `guests` is a guest's role
// only; `/verified` and `/unverified` follow the user's email verification at each request;
// `team:T` needs a confirmed membership and `team:T/owner` that team role.

type Actor = 'guest' | 'unverified' | 'verified' | 'member' | 'owner'
const ACTORS: Actor[] = ['guest', 'unverified', 'verified', 'member', 'owner']

let users: Record<Exclude<Actor, 'guest'>, TestUser>
let rowOf: Record<string, string> // role label → row id
const tag = uid()

// Labels name the role; `U` is the unverified user (verified in the last test).
const ROLES = [
  'any',
  'guests',
  'users',
  'users/verified',
  'users/unverified',
  'user:U',
  'user:U/verified',
  'user:U/unverified',
  'team:user',
  'team:user/owner',
] as const

/** Who reads which row before U verifies the email (Appwrite's semantics). */
const BEFORE: Record<Actor, string[]> = {
  guest: ['any', 'guests'],
  unverified: ['any', 'users', 'users/unverified', 'user:U', 'user:U/unverified'],
  verified: ['any', 'users', 'users/verified'],
  member: ['any', 'users', 'users/unverified', 'team:user'],
  owner: ['any', 'users', 'users/unverified', 'team:user', 'team:user/owner'],
}

beforeAll(async () => {
  const [unverified, verified, member, owner] = await Promise.all([
    newUser(),
    newUser(),
    newUser({ teams: ['user'] }),
    newUser({ teams: ['user'], roles: ['owner'] }),
  ])
  await serverClient().users.updateEmailVerification({
    userId: verified.id,
    emailVerification: true,
  })
  users = { unverified, verified, member, owner }
  const created = await Promise.all(
    ROLES.map((label) =>
      keyTables().createRow({
        databaseId: DB,
        tableId: 'scans',
        rowId: uid(),
        data: { target: `https://roles.test/${tag}/${label}` },
        permissions: [Permission.read(label.replace('user:U', `user:${unverified.id}`))],
      }),
    ),
  )
  rowOf = Object.fromEntries(ROLES.map((label, i) => [label, created[i].$id]))
})

const labelOf = (rowId: string) => Object.keys(rowOf).find((l) => rowOf[l] === rowId)!
const as = (actor: Actor) => webTables(actor === 'guest' ? undefined : users[actor])

/** The role labels whose row `actor` can get (200, else 404), and those its list returns. */
async function readable(actor: Actor) {
  const got: string[] = []
  for (const label of ROLES) {
    const ok = await as(actor)
      .getRow({ databaseId: DB, tableId: 'scans', rowId: rowOf[label] })
      .then(
        () => true,
        (e: { code: number }) => (e.code === 404 ? false : Promise.reject(e)),
      )
    if (ok) got.push(label)
  }
  const list = await as(actor).listRows({
    databaseId: DB,
    tableId: 'scans',
    queries: [Query.startsWith('target', `https://roles.test/${tag}/`), Query.limit(100)],
  })
  expect(list.total).toBe(list.rows.length)
  const listed = list.rows.map((r) => labelOf(r.$id)).sort()
  return { got: got.sort(), listed }
}

describe('row read by role (scans, rowSecurity, no table read)', () => {
  it.each(ACTORS)('%s reads exactly the rows its roles allow', async (actor) => {
    const { got, listed } = await readable(actor)
    expect(got).toEqual([...BEFORE[actor]].sort())
    expect(listed).toEqual(got)
  })

  it('verifying the email moves the user from the /unverified roles to the /verified ones', async () => {
    await serverClient().users.updateEmailVerification({
      userId: users.unverified.id,
      emailVerification: true,
    })
    const after = ['any', 'users', 'users/verified', 'user:U', 'user:U/verified'].sort()
    const { got, listed } = await readable('unverified')
    expect(got).toEqual(after)
    expect(listed).toEqual(after)
    // The same session, no new login: roles are computed per request.
    expect((await readable('member')).got).toEqual([...BEFORE.member].sort())
  })
})
