import type { BrowserContext, Page } from 'playwright-core'
import { exampleVars } from '../../../scripts/local-vars'
import { signedInMarker, verificationLink, type NewUser } from './users'

type Cookie = Parameters<BrowserContext['addCookies']>[0][number]

// An account made through the HTTP calls the registration form and the mailed link make
// (web/features/auth/register.ts, web/features/verification/verify-account.ts), without a
// browser: for files whose subject is what a signed-in user does, not how they got there. The
// forms themselves are driven through the UI elsewhere (registerViaUi, onboardPair).

const PROJECT = exampleVars().APPWRITE_PROJECT_ID!

/** Fails with the route, status and body when an answer is not the expected one. */
async function expectStatus(res: Response, status: number, what: string): Promise<Response> {
  if (res.status !== status)
    throw new Error(`${what}: ${res.status} instead of ${status}: ${await res.text()}`)
  return res
}

const post = (baseUrl: string, path: string, body: unknown, cookie = '') =>
  fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Appwrite-Project': PROJECT,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })

/**
 * The allowlist check, the account, a verification mail asked for in a short session (as the
 * form does), then the link's userId and secret sent to /api/auth/verify, which runs every step
 * of the verification (teams, status row, the home room's notices) and must end with `done`.
 */
export async function registerVerifiedViaApi(baseUrl: string, user: NewUser): Promise<void> {
  const { email, password, name } = user
  const allowed = await post(baseUrl, '/api/auth/authorized', { email })
  const { state } = (await (await expectStatus(allowed, 200, 'authorized')).json()) as {
    state: boolean
  }
  if (!state) throw new Error(`${email} is not allowed to register`)
  const account = { userId: 'unique()', email, password, name }
  await expectStatus(await post(baseUrl, '/v1/account', account), 201, 'POST /v1/account')
  const signedIn = await post(baseUrl, '/v1/account/sessions/email', { email, password })
  await expectStatus(signedIn, 201, 'POST /v1/account/sessions/email')
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const mail = await post(baseUrl, '/v1/account/verification', { url: `${baseUrl}/` }, cookie)
  await expectStatus(mail, 201, 'POST /v1/account/verification')
  const ended = await fetch(new URL('/v1/account/sessions', baseUrl), {
    method: 'DELETE',
    headers: { 'X-Appwrite-Project': PROJECT, cookie },
  })
  await expectStatus(ended, 204, 'DELETE /v1/account/sessions')

  const link = new URL(await verificationLink(baseUrl, email))
  const params = {
    userId: link.searchParams.get('userId'),
    secret: link.searchParams.get('secret'),
  }
  const verified = await post(baseUrl, '/api/auth/verify', params)
  const lines = (await (await expectStatus(verified, 200, 'verify')).text()).trim().split('\n')
  const outcome = JSON.parse(lines.at(-1) ?? '{}') as { type?: string }
  if (outcome.type !== 'done') throw new Error(`verifying ${email} ended with ${lines.at(-1)}`)
}

/**
 * Signs in with the call the sign-in form makes (POST /v1/account/sessions/email, with the
 * browser's user agent, which the session records), puts the cookies it set into the page's
 * context, and opens the app signed in: for files whose subject is not the sign-in screen (that
 * form is driven through the UI in the auth-*, journey and session files).
 */
export async function signInViaApi(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const userAgent = await page.evaluate(() => navigator.userAgent)
  const res = await fetch(new URL('/v1/account/sessions/email', baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': userAgent,
      origin: new URL(baseUrl).origin,
      'X-Appwrite-Project': PROJECT,
    },
    body: JSON.stringify({ email, password }),
  })
  await expectStatus(res, 201, `signing ${email} in`)
  await page.context().addCookies(res.headers.getSetCookie().map((c) => asCookie(c, baseUrl)))
  await page.goto(baseUrl)
  await signedInMarker(page).waitFor({ timeout: 45_000 })
}

/** One Set-Cookie header as Playwright's cookie, for the server's origin. */
function asCookie(header: string, url: string): Cookie {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
  const at = pair.indexOf('=')
  const flags = new Map(
    attributes.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=').slice(1).join('=')]),
  )
  const sameSite = flags.get('samesite')?.toLowerCase()
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    url,
    httpOnly: flags.has('httponly'),
    secure: flags.has('secure'),
    ...(sameSite
      ? { sameSite: sameSite === 'none' ? 'None' : sameSite === 'lax' ? 'Lax' : 'Strict' }
      : {}),
  }
}

/** An account made and verified through HTTP, then signed in (as onboardViaUi, without the forms). */
export async function onboardViaApi(page: Page, baseUrl: string, user: NewUser): Promise<void> {
  await registerVerifiedViaApi(baseUrl, user)
  await signInViaApi(page, baseUrl, user.email, user.password)
}
