import { ID, Query } from 'node-appwrite'
import { describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { serverClient } from './helpers/server-sdk'
import { createUser, signedIn } from './helpers/users'

// The server Users API (API key), against the shared server.

const url = inject('serverUrl')
const server = () => serverClient(url)

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
    const web = await signedIn(url, u)
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
    const web = await signedIn(url, u)
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
