import { env } from 'cloudflare:workers'
import { getConfig } from '../../worker/config'
import { workerFetch } from './worker-fetch'

export const config = getConfig(env)
export const ORIGIN = 'http://kathelia.test'
const base = {
  'x-appwrite-project': config.APPWRITE_PROJECT_ID,
  'content-type': 'application/json',
}

async function call(path: string, init: RequestInit & { key?: boolean } = {}) {
  const headers = new Headers(base)
  for (const [k, v] of new Headers(init.headers)) headers.set(k, v)
  if (init.key) headers.set('x-appwrite-key', config.EMBEDDED_API_KEY)
  return workerFetch(`${ORIGIN}${path}`, { ...init, headers })
}

export type Credentials = { userId: string; cookie: string; jwt: string }

/**
 * A verified, allowlisted user signed in over the real login route: the session cookie for /v1
 * and a JWT for /api, so generated requests get past authentication into validation.
 */
export async function signIn(email: string): Promise<Credentials> {
  const password = `Fuzz-${email}-Pw1!`
  const found = await call(`/v1/users?search=${encodeURIComponent(email)}`, { key: true })
  let user = ((await found.json()) as { users: { $id: string; email: string }[] }).users.find(
    (u) => u.email === email,
  )
  if (!user) {
    const made = await call('/v1/users', {
      method: 'POST',
      key: true,
      body: JSON.stringify({ userId: 'unique()', email, password, name: email.split('@')[0] }),
    })
    if (made.status !== 201) throw new Error(`create ${email}: ${made.status} ${await made.text()}`)
    user = (await made.json()) as { $id: string; email: string }
  } else {
    await call(`/v1/users/${user.$id}/password`, {
      method: 'PATCH',
      key: true,
      body: JSON.stringify({ password }),
    })
  }
  await call(`/v1/users/${user.$id}/status`, {
    method: 'PATCH',
    key: true,
    body: JSON.stringify({ status: true }),
  })
  await call(`/v1/users/${user.$id}/verification`, {
    method: 'PATCH',
    key: true,
    body: JSON.stringify({ emailVerification: true }),
  })
  const login = await call('/v1/account/sessions/email', {
    method: 'POST',
    headers: { 'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email, password }),
  })
  if (login.status !== 201) throw new Error(`login ${email}: ${login.status} ${await login.text()}`)
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith(`a_session_${config.APPWRITE_PROJECT_ID}=`))!
    .split(';')[0]
  const jwtRes = await call('/v1/account/jwts', { method: 'POST', headers: { cookie } })
  const { jwt } = (await jwtRes.json()) as { jwt: string }
  return { userId: user.$id, cookie, jwt }
}

/** True when the credentials still authenticate on both surfaces. */
export async function stillValid(c: Credentials) {
  const [a, b] = await Promise.all([
    call('/v1/account', { headers: { cookie: c.cookie } }),
    call('/v1/account', { headers: { 'x-appwrite-jwt': c.jwt } }),
  ])
  return a.status === 200 && b.status === 200
}
