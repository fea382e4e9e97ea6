import { beforeAll, describe, expect, it } from 'vitest'
import { call, edgeRoutes, fillPath, signIn, workerRoutes, type Credentials } from './edge'

// CSRF: a page on another site makes the signed-in browser send its cookie. Every state-changing
// /v1 route (from the backend's route table) refuses a foreign Origin before doing anything;
// /api routes take no cookie at all (Bearer JWT), and refuse the text/plain bodies a cross-site
// form or fetch could send without a preflight.
const EVIL = 'https://evil.example'
let ada: Credentials
beforeAll(async () => {
  ada = await signIn('ada@kathelia.test')
})

const changing = edgeRoutes.filter((r) => r.method !== 'GET')

describe('CSRF on cookie-authenticated routes', () => {
  it(`refuses a foreign Origin on all ${changing.length} state-changing /v1 routes`, async () => {
    for (const r of changing) {
      const res = await call(
        fillPath(r.path, () => 'x'),
        {
          method: r.method,
          headers: { cookie: ada.cookie, origin: EVIL, 'content-type': 'text/plain' },
          body: JSON.stringify({ name: 'Pwned' }),
        },
      )
      expect(res.status, `${r.method} ${r.path}`).toBe(403)
      expect(await res.json()).toMatchObject({ type: 'general_unknown_origin' })
    }
    const me = await call('/v1/account', { headers: { cookie: ada.cookie } })
    expect(((await me.json()) as { name: string }).name).not.toBe('Pwned')
  })

  it('refuses a foreign Origin on the realtime upgrade', async () => {
    const res = await call('/v1/realtime', {
      headers: { cookie: ada.cookie, origin: EVIL, upgrade: 'websocket' },
    })
    const ws = res.webSocket!
    const first = new Promise<string>((r) =>
      ws.addEventListener('message', (e) => r(String(e.data))),
    )
    const closed = new Promise<number>((r) => ws.addEventListener('close', (e) => r(e.code)))
    ws.accept()
    expect(JSON.parse(await first)).toMatchObject({ type: 'error', data: { code: 1008 } })
    expect(await closed).toBe(1008)
  })

  it('accepts no cookie on /api and refuses text/plain bodies on every POST route', async () => {
    const posts = workerRoutes.filter((r) => r.method === 'POST' && r.path.startsWith('/api'))
    for (const r of posts) {
      const withCookie = await call(r.path, {
        method: 'POST',
        headers: { cookie: ada.cookie, origin: 'https://evil.example' },
        json: { userId: ada.userId },
      })
      // The one public question (is this email allowed?) changes nothing.
      if (r.path !== '/api/auth/authorized')
        expect(withCookie.status, `${r.path} with only a cookie`).toBeGreaterThanOrEqual(400)
      const plain = await call(r.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.jwt}`, 'content-type': 'text/plain' },
        body: JSON.stringify({ userId: ada.userId }),
      })
      // The beacon alone takes text/plain (sendBeacon cannot set headers); its JWT is in the body.
      if (r.path === '/api/presence/beacon') continue
      expect([400, 415, 429], `${r.path} as text/plain`).toContain(plain.status)
    }
  })
})
