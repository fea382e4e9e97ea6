import { describe, expect, it } from 'vitest'
import { call, config, signIn } from './edge'

// Session fixation and theft: the cookie's flags, a new secret on every login (a cookie planted
// before it is never adopted), and the end of a session on logout and on a password change.
const COOKIE = `a_session_${config.APPWRITE_PROJECT_ID}`
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  call('/v1/account/sessions/email', {
    headers: { 'cf-connecting-ip': '198.51.100.77', ...headers },
    json: { email, password },
  })
const account = (cookie: string) => call('/v1/account', { headers: { cookie } })
const password = (email: string) => `Fuzz-${email}-Pw1!`

describe('session cookies', () => {
  it('are HttpOnly, SameSite and Secure on https', async () => {
    await signIn('dummy@kathelia.test')
    const res = await call('/v1/account/sessions/email', {
      json: { email: 'dummy@kathelia.test', password: password('dummy@kathelia.test') },
    })
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))!
    expect(line).toMatch(/;\s*HttpOnly/i)
    expect(line).toMatch(/;\s*SameSite=(Lax|Strict)/i)
    const https = await (
      await import('cloudflare:workers')
    ).exports.default.fetch('https://kathelia.test/v1/account/sessions/email', {
      method: 'POST',
      headers: {
        'x-appwrite-project': config.APPWRITE_PROJECT_ID,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        email: 'dummy@kathelia.test',
        password: password('dummy@kathelia.test'),
      }),
    })
    expect(https.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))).toMatch(
      /;\s*Secure/i,
    )
  })

  it('get a new secret on each login, and a planted cookie is never adopted', async () => {
    const ben = await signIn('ben@kathelia.test')
    const planted = `${COOKIE}=${btoa(JSON.stringify({ id: ben.userId, secret: 'a'.repeat(64) }))}`
    const res = await login('ben@kathelia.test', password('ben@kathelia.test'), { cookie: planted })
    const issued = res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${COOKIE}=`))!
      .split(';')[0]!
    expect(issued).not.toBe(planted)
    expect(issued).not.toBe(ben.cookie)
    expect((await account(planted)).status).toBe(401)
    expect((await account(issued)).status).toBe(200)
  })

  it('end on logout, and every other one ends on a password change', async () => {
    const email = 'dummy@kathelia.test'
    const a = await signIn(email)
    const b = await signIn(email)
    expect(
      (
        await call('/v1/account/sessions/current', {
          method: 'DELETE',
          headers: { cookie: a.cookie },
        })
      ).status,
    ).toBe(204)
    expect((await account(a.cookie)).status).toBe(401)
    expect((await call('/v1/account', { headers: { 'x-appwrite-jwt': a.jwt } })).status).toBe(401)
    const c = await signIn(email) // resets the password to the known one, then signs in
    const changed = await call('/v1/account/password', {
      method: 'PATCH',
      headers: { cookie: c.cookie },
      json: { password: 'Another-Pw-2!x', oldPassword: password(email) },
    })
    expect(changed.status).toBe(200)
    expect((await account(b.cookie)).status).toBe(401)
    expect((await account(c.cookie)).status).toBe(200)
  })
})
