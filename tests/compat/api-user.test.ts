import { describe, expect, it } from 'vitest'
import { adapters, answerOf } from './api-setup'
import {
  dropStatus,
  expect401,
  expectError,
  IPHONE,
  poster,
  useRoutesWorld,
} from './api-routes-setup'

// /api/user/*, the chatee routes and presence reports, through both adapters.
const world = useRoutesWorld()

describe.each(adapters(() => world.pair))('/api/user with the %s adapter', (_mode, url) => {
  const post = poster(world, url)
  /** Ben reports his own status. */
  const benStatus = (payload: Record<string, unknown>) =>
    post('/user/update-status', { userId: world.ben.id, payload }, world.ben)
  /** Ben comes online on his iPhone, claiming another device and place (both ignored). */
  const benOnline = () =>
    post(
      '/user/update-status',
      {
        userId: world.ben.id,
        payload: { isOnline: true, activity: 'chatting', deviceType: 'Desktop', location: 'Mars' },
      },
      world.ben,
      { 'user-agent': IPHONE },
    )

  it('/user/update-status: device from the User-Agent, location from geo, client claims ignored', async () => {
    const { ada, ben } = world
    await dropStatus(world, ben)
    const r = await benOnline()
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({
      $id: ben.id,
      isOnline: true,
      presence: 'online',
      deviceType: 'Mobile',
      browser: 'Mobile Safari 17',
      operatingSystem: 'iOS 17.0',
      activity: 'chatting',
      // No IP service configured: request.cf (miniflare's placeholder: Austin, TX, US).
      location: 'Austin, Texas, United States',
    })
    expect(Date.now() - Date.parse(r.body.lastSeenAt)).toBeLessThan(60_000)
    const typing = await benStatus({ isTyping: true, typingRoomId: 'home' })
    expect(typing.body).toMatchObject({
      isTyping: true,
      typingRoomId: 'home',
      typingKind: 'text',
      isOnline: true,
    })
    // A voice message being recorded is a typing flag of its own kind; off, the kind goes too.
    const voice = { isTyping: true, typingRoomId: 'home', typingKind: 'voice' }
    const recording = await benStatus(voice)
    expect(recording.body).toMatchObject(voice)
    const stopped = await benStatus({ isTyping: false })
    expect(stopped.body).toMatchObject({ isTyping: false, typingRoomId: null, typingKind: null })
    expectError(await benStatus({ isTyping: true, typingKind: 'video' }), 400)
    expectError(
      await post('/user/update-status', { userId: ada.id, payload: { isOnline: true } }, ben),
      403,
    )
    await expect401(url(), '/user/update-status', { userId: ben.id, payload: {} })
    expectError(await benStatus({ isOnline: false, presence: 'online' }), 400)
  })

  it('/auth/chatee and /auth/chatee-status: the partner only; details for the admin only', async () => {
    const { ada, ben, dummy } = world
    expect((await post('/auth/chatee', { email: ada.email }, ada)).body).toEqual({
      $id: ben.id,
      name: 'Ben',
      email: ben.email,
      list: 'special',
    })
    expect((await post('/auth/chatee', { email: ben.email }, ben)).body).toMatchObject({
      $id: ada.id,
      list: 'admin',
    })
    expectError(await post('/auth/chatee', { email: ben.email }, ada), 403)
    await expect401(url(), '/auth/chatee', { email: ada.email })
    expectError(await post('/auth/chatee', { mail: ada.email }, ada), 400)

    expect((await benOnline()).status).toBe(200)
    const full = await post('/auth/chatee-status', { userId: ben.id }, ada)
    expect(full.body).toMatchObject({
      $id: ben.id,
      isOnline: true,
      deviceType: 'Mobile',
      location: 'Austin, Texas, United States',
    })
    await post('/user/update-status', { userId: ada.id, payload: { isOnline: true } }, ada)
    // Ben sees Ada's presence only while both share it (api-presence-sharing.test.ts).
    const hidden = expectError(await post('/auth/chatee-status', { userId: ada.id }, ben), 403)
    expect(hidden.code).toBe('presence_not_shared')
    for (const u of [ada, ben])
      expect((await post('/user/sharing', { share: true }, u)).status).toBe(200)
    const partial = await post('/auth/chatee-status', { userId: ada.id }, ben)
    expect(partial.body).toMatchObject({
      $id: ada.id,
      isOnline: true,
      location: null,
      deviceType: null,
      browser: null,
      activity: null,
    })
    for (const u of [ada, ben]) await post('/user/sharing', { share: false }, u)
    expectError(await post('/auth/chatee-status', { userId: dummy.id }, ada), 403)
    await expect401(url(), '/auth/chatee-status', { userId: ben.id })
    expectError(await post('/auth/chatee-status', { userId: '' }, ada), 400)
  })

  it('/user/info: name and email of self or chatee, never a password', async () => {
    const { ada, ben, dummy } = world
    expect((await post('/user/info', { userId: ada.id }, ada)).body).toEqual({
      $id: ada.id,
      name: 'Ada',
      email: ada.email,
    })
    expect(
      (await post('/user/info', { userId: ben.id, includePassword: false }, ada)).body.email,
    ).toBe(ben.email)
    expectError(await post('/user/info', { userId: dummy.id }, ada), 403)
    expectError(await post('/user/info', { userId: ada.id, includePassword: true }, ada), 400)
    await expect401(url(), '/user/info', { userId: ada.id })
  })

  it("status reports carry the account's name from the backend, never one from the body", async () => {
    const { ada, ben } = world
    const rename = async (name: string) => {
      const r = await fetch(`${world.pair.a.url}/v1/account/name`, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          'X-Appwrite-Project': 'kathelia',
          'X-Appwrite-JWT': world.jwt[ben.email]!,
        },
        body: JSON.stringify({ name }),
      })
      expect(r.status).toBe(200)
    }
    await rename('Benjamin')
    try {
      const r = await post(
        '/user/update-status',
        { userId: ben.id, payload: { isOnline: true, name: 'Mallory' } },
        ben,
      )
      expect(r.body).toMatchObject({ $id: ben.id, name: 'Benjamin' })
      const seen = await post('/auth/chatee-status', { userId: ben.id }, ada)
      expect(seen.body).toMatchObject({ $id: ben.id, name: 'Benjamin' })
    } finally {
      await rename('Ben')
    }
    expect((await post('/presence/heartbeat', {}, ben)).status).toBe(200)
    expect((await post('/auth/chatee-status', { userId: ben.id }, ada)).body.name).toBe('Ben')
  })

  it('/presence/heartbeat and /presence/beacon (JWT in a text/plain body)', async () => {
    const { ada } = world
    const hb = await post('/presence/heartbeat', {}, ada)
    expect(hb.body).toMatchObject({ isOnline: true, intervalMs: 20_000 })
    await expect401(url(), '/presence/heartbeat', {})
    expectError(await post('/presence/heartbeat', { isOnline: false }, ada), 400)
    const beacon = await fetch(`${url()}/api/presence/beacon`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ jwt: world.jwt[ada.email], presence: 'offline' }),
    })
    expect(beacon.status).toBe(204)
    expect((await post('/user/status', { userId: ada.id }, ada)).body).toMatchObject({
      isOnline: false,
      presence: 'offline',
    })
    const plain = async (body: string) =>
      answerOf(
        await fetch(`${url()}/api/presence/beacon`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body,
        }),
      )
    expect(expectError(await plain('{"presence":"offline"}'), 401).code).toBe('unauthorized')
    expect(expectError(await plain('{oops'), 400)).toEqual({
      code: 'validation_failed',
      message: 'The beacon body must be JSON',
    })
    expect(expectError(await plain('{"presence":"gone"}'), 400).message).toMatch(
      /^Invalid request body: presence: /,
    )
  })

  it('a report still on its way from a tab whose beacon said offline changes nothing', async () => {
    const { ada } = world
    const tab = crypto.randomUUID()
    const beacon = (t: string) =>
      fetch(`${url()}/api/presence/beacon`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ jwt: world.jwt[ada.email], presence: 'offline', tab: t }),
      })
    const status = async () => (await post('/user/status', { userId: ada.id }, ada)).body
    expect((await post('/presence/heartbeat', { tab }, ada)).body.isOnline).toBe(true)
    expect((await beacon(tab)).status).toBe(204)
    // The closed tab's heartbeat (visible or hidden) and status report arrive after its beacon.
    expect((await post('/presence/heartbeat', { tab }, ada)).body.isOnline).toBe(false)
    await post('/presence/heartbeat', { tab, presence: 'away' }, ada)
    const late = await post(
      '/user/update-status',
      { userId: ada.id, payload: { isOnline: true }, tab },
      ada,
    )
    expect(late.body).toMatchObject({ isOnline: false, presence: 'offline' })
    expect(await status()).toMatchObject({ isOnline: false, presence: 'offline' })
    // The reloaded page is a new tab: it counts at once.
    expect(
      (await post('/presence/heartbeat', { tab: crypto.randomUUID() }, ada)).body.isOnline,
    ).toBe(true)
    expect(await status()).toMatchObject({ isOnline: true, presence: 'online' })
    expect(
      expectError(await post('/presence/heartbeat', { tab: '../x' }, ada), 400).message,
    ).toMatch(/tab/)
  })
})
