import { describe, expect, it } from 'vitest'
import { TEXTS } from '../../shared/texts'
import { call, sleep, adapters } from './api-setup'
import { notifyApi, useNotifyWorld } from './api-notify-setup'

// Who is announced, and how an announcement looks: the webhook text, the home-room notice and the
// location behind it. Through both adapters (the home-room notice is the announcement's claim).
const world = useNotifyWorld()

describe.each(adapters(() => world.pair))('notifications with the %s adapter', (_mode, url) => {
  const api = notifyApi(world, url)
  const u = () => world.users

  it('announces a special user coming online: webhook text, home room notice, location via IP services', async () => {
    const r = await api.online(u().ben)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.location).toBe('Berlin, Berlin, Germany')
    const [sent] = await world.hook.waitFor(1)
    expect(JSON.parse(sent.body)).toEqual({
      content: 'Online: Ben is online',
      allowed_mentions: { parse: [] },
    })
    expect(sent.headers['content-type']).toMatch(/^application\/json/)
    expect(await api.homeNotices()).toContain('Ben is online')
    // The echo gives the public IP (the client is on loopback), the info call carries the token.
    const info = world.ip.requests.find((x) => x.path.startsWith('/info'))
    expect(info?.path).toBe('/info/203.0.113.7')
    expect(info?.query.get('token')).toBe('tok-123')
  })

  it('falls back to request.cf when the IP service fails', async () => {
    world.ip.script({ json: { ip: '203.0.113.7' } }, { status: 500, text: 'down' })
    expect((await api.online(u().ben)).body.location).toBe('Austin, Texas, United States')
    // Its announcement is posted after the answer: received here, it cannot land in the next
    // test's log (it did once, ci114).
    await world.hook.waitFor(1, (r) => r.body.includes('Ben is online'))
  })

  it('never announces the admin', async () => {
    const before = await api.homeNotices()
    expect((await api.online(u().ada)).status).toBe(200)
    await api.heartbeat(u().ada)
    await api.rewind(u().ada, 60_000)
    await api.sweep()
    expect(await api.status(u().ada)).toMatchObject({ presence: 'offline' })
    await sleep(1500)
    expect(api.texts()).toEqual([])
    expect(await api.homeNotices()).toEqual(before)
  })

  it('never announces an allowlisted user who is not special: online, offline, unverified login', async () => {
    const before = await api.homeNotices()
    expect((await api.online(u().dora)).status).toBe(200)
    await api.rewind(u().dora, 60_000)
    await api.sweep()
    expect(await api.status(u().dora)).toMatchObject({ presence: 'offline' })
    const erin = await call(
      url(),
      '/auth/flags',
      { email: u().erin.email },
      world.jwt[u().erin.email],
    )
    expect(erin.body).toEqual({ code: 'email_unverified', message: TEXTS.unverifiedEmail })
    await sleep(1500)
    expect(api.texts()).toEqual([])
    expect(await api.homeNotices()).toEqual(before)
  })

  it('announces a login with an unverified email once per window', async () => {
    const carl = u().carl
    const r = await call(url(), '/auth/flags', { email: carl.email }, world.jwt[carl.email])
    expect(r.body).toEqual({ code: 'email_unverified', message: TEXTS.unverifiedEmail })
    await world.hook.waitFor(1)
    await call(
      url(),
      '/system/log',
      { section: 'a', action: 'b', description: 'c' },
      world.jwt[carl.email],
    )
    await sleep(1500)
    const text = 'Carl (carl@kathelia.test) tried to log in with an unverified email'
    expect(api.texts()).toEqual([`Unverified Email: ${text}`])
    expect(await api.homeNotices()).toContain(text)
  })
})
