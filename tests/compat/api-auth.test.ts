import { TablesDB, Teams } from 'node-appwrite'
import { describe, expect, it } from 'vitest'
import { TEXTS } from '../../shared/texts'
import { adapters, call, keyClient, untilLimited } from './api-setup'
import { dropStatus, expect401, expectError, poster, useRoutesWorld } from './api-routes-setup'

// /api/auth/* and the gate every signed-in route shares, through both adapters.
const world = useRoutesWorld()

describe.each(adapters(() => world.pair))('/api/auth with the %s adapter', (mode, url) => {
  const post = poster(world, url)

  it('reports which backend it uses', async () => {
    const res = await fetch(`${url()}/api/health`)
    expect((await res.json()).backend).toBe(mode)
  })

  it('gates on the verified JWT: none → 401, forged → 401, unverified and not allowlisted → 403', async () => {
    const { ada, dummy, outsider } = world
    await expect401(url(), '/auth/flags', { email: ada.email })
    const forged = await call(url(), '/auth/flags', { email: ada.email }, 'not-a-jwt')
    expectError(forged, 401)
    const unverified = expectError(await post('/auth/flags', { email: dummy.email }, dummy), 403)
    expect(unverified).toEqual({ code: 'email_unverified', message: TEXTS.unverifiedEmail })
    const outside = expectError(await post('/auth/flags', { email: outsider.email }, outsider), 403)
    expect(outside).toEqual({ code: 'not_authorized', message: TEXTS.notAuthorized })
  })

  it('/auth/flags: isAdmin only for the admin email, the avatar list; another email → 403; bad body → 400', async () => {
    const { ada, ben } = world
    expect((await post('/auth/flags', { email: ada.email }, ada)).body).toEqual({
      isAdmin: true,
      list: 'admin',
      gifs: false,
      linkChecks: false,
      linkPreviews: true,
    })
    expect((await post('/auth/flags', { email: 'BEN@kathelia.test' }, ben)).body).toEqual({
      isAdmin: false,
      list: 'special',
      gifs: false,
      linkChecks: false,
      linkPreviews: true,
    })
    expectError(await post('/auth/flags', { email: ada.email }, ben), 403)
    expect(expectError(await post('/auth/flags', { email: 'nope' }, ben), 400).code).toBe(
      'validation_failed',
    )
    expectError(await post('/auth/flags', '{not json', ben), 400)
  })

  it('/auth/assign-teams: user team for all, admin team for the admin, idempotent', async () => {
    const { ada, ben } = world
    await expect401(url(), '/auth/assign-teams', { userId: ada.id })
    expectError(await post('/auth/assign-teams', { userId: ben.id }, ada), 403)
    expectError(await post('/auth/assign-teams', { user: ada.id }, ada), 400)
    for (let i = 0; i < 2; i++) {
      expect((await post('/auth/assign-teams', { userId: ada.id }, ada)).body).toEqual({
        teams: ['user', 'admin'],
      })
      expect((await post('/auth/assign-teams', { userId: ben.id }, ben)).body).toEqual({
        teams: ['user'],
      })
    }
    const teams = new Teams(keyClient(world.pair.a.url))
    const members = async (team: string) =>
      (await teams.listMemberships({ teamId: team })).memberships.map((m) => m.userId).sort()
    expect(await members('user')).toEqual([ada.id, ben.id].sort())
    expect(await members('admin')).toEqual([ada.id])
  })

  it('/auth/assign-teams and /auth/create-status: an unverified user and an outsider get 403 and change nothing', async () => {
    const { dummy, outsider } = world
    const teams = new Teams(keyClient(world.pair.a.url))
    const tables = new TablesDB(keyClient(world.pair.a.url))
    for (const [u, refusal] of [
      [dummy, { code: 'email_unverified', message: TEXTS.unverifiedEmail }],
      [outsider, { code: 'not_authorized', message: TEXTS.notAuthorized }],
    ] as const) {
      expect(expectError(await post('/auth/assign-teams', { userId: u.id }, u), 403)).toEqual(
        refusal,
      )
      expect(expectError(await post('/auth/create-status', { userId: u.id }, u), 403)).toEqual(
        refusal,
      )
      for (const team of ['user', 'admin'])
        expect((await teams.listMemberships({ teamId: team })).memberships).not.toContainEqual(
          expect.objectContaining({ userId: u.id }),
        )
      await expect(
        tables.getRow({ databaseId: 'kathelia', tableId: 'status', rowId: u.id }),
      ).rejects.toMatchObject({ code: 404 })
    }
  })

  it('/auth/create-status and /user/status: own row only, created once', async () => {
    const { ada, ben } = world
    await dropStatus(world, ada, ben)
    expectError(await post('/user/status', { userId: ada.id }, ada), 404)
    const first = await post('/auth/create-status', { userId: ada.id }, ada)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ $id: ada.id, isOnline: false, isTyping: false })
    expect((await post('/auth/create-status', { userId: ada.id }, ada)).status).toBe(200)
    expect((await post('/auth/create-status', { userId: ben.id }, ben)).status).toBe(201)
    expectError(await post('/auth/create-status', { userId: ben.id }, ada), 403)
    await expect401(url(), '/auth/create-status', { userId: ada.id })
    expectError(await post('/auth/create-status', {}, ada), 400)
    expect((await post('/user/status', { userId: ada.id }, ada)).body.$id).toBe(ada.id)
    expectError(await post('/user/status', { userId: ben.id }, ada), 403)
    await expect401(url(), '/user/status', { userId: ada.id })
    expectError(await post('/user/status', { userId: 42 }, ada), 400)
  })

  it('/auth/authorized: public, allowlist answer, rate limited per IP', async () => {
    const { ada } = world
    expect((await post('/auth/authorized', { email: 'Ada@Kathelia.test' })).body).toEqual({
      state: true,
    })
    expect((await post('/auth/authorized', { email: 'eve@example.com' })).body).toEqual({
      state: false,
      message: TEXTS.notAuthorized,
    })
    expectError(await post('/auth/authorized', { email: 'not an email' }), 400)
    const limited = await untilLimited(() => post('/auth/authorized', { email: ada.email }))
    expect(expectError(limited, 429).code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('/auth/authorized: the limit is per IP; another IP is still served', async () => {
    const from = (ip: string) => ({ 'cf-connecting-ip': ip })
    const first = mode === 'embedded' ? '198.51.100.1' : '198.51.100.3'
    const second = mode === 'embedded' ? '198.51.100.2' : '198.51.100.4'
    const ask = (ip: string) =>
      post('/auth/authorized', { email: world.ada.email }, undefined, from(ip))
    expect(expectError(await untilLimited(() => ask(first)), 429).code).toBe('rate_limited')
    expect((await ask(second)).body).toEqual({ state: true })
  })
})
