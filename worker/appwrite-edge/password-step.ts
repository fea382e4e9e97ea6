import { tryDecodeURIComponent } from 'hono/utils/url'
import type { Config } from '../config'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/constants'
import { isStrongPassword } from '../../shared/password-rules'
import type { PasswordRoute } from './account/password-gate'
import { derive, hashPassword } from './auth/password'
import { INTERNAL } from './context'
import { AppwriteException, fail, throttled } from './errors'
import type { backendStub } from './stub'
import { isPwnedPassword, PWNED_TEXT } from '../services/pwned-passwords'

// The Worker's password step: the plain password is hashed here, in the stateless Worker, and
// goes no further. Login and new-password routes ask the Durable Object first (login-gate.ts,
// password-gate.ts), so a throttled or refused request costs no hash.

const LOGIN = /^POST \/v1\/account\/sessions(\/email)?$/
const NEW_PASSWORD: [RegExp, (m: RegExpExecArray) => PasswordRoute][] = [
  [/^POST \/v1\/account$/, () => ({ kind: 'signup' })],
  [/^PATCH \/v1\/account\/password$/, () => ({ kind: 'change' })],
  [/^PUT \/v1\/account\/recovery$/, () => ({ kind: 'recovery' })],
  [/^POST \/v1\/users$/, () => ({ kind: 'user-create' })],
  [
    /^PATCH \/v1\/users\/([^/]+)\/password$/,
    (m) => ({ kind: 'user-password', userId: tryDecodeURIComponent(m[1]) }),
  ],
]

// The user's own new passwords (registration, change, recovery) are checked against breaches.
const BREACH_CHECKED = new Set<PasswordRoute['kind']>(['signup', 'change', 'recovery'])

// What the gate needs to know who is calling.
const AUTH_HEADERS = [
  'cookie',
  'x-appwrite-key',
  'x-appwrite-session',
  'x-fallback-cookies',
  'x-appwrite-jwt',
]

type Step = {
  /** `METHOD /v1/path`, the path decoded as the object's router decodes it. */
  route: string
  body: ArrayBuffer | null
  req: Request
  /** The headers forwarded to the object; the step adds the hash and the proof. */
  headers: Headers
  stub: ReturnType<typeof backendStub>
  config: Config
  ip: string
}

function newRoute(route: string): PasswordRoute | undefined {
  for (const [re, of] of NEW_PASSWORD) {
    const m = re.exec(route)
    if (m) return of(m)
  }
  return undefined
}

/** Whether this request carries a password the Worker must hash (see passwordStep). */
export const carriesPassword = (route: string) => LOGIN.test(route) || !!newRoute(route)

/**
 * Hashes the request's `password` (and proves `oldPassword`) into internal headers; returns the
 * body to forward, without them. Throws the Appwrite error of a refused request.
 */
export async function passwordStep(s: Step): Promise<ArrayBuffer | string | null> {
  const { headers, stub, config } = s
  const json = parseJson(s.body)
  if (typeof json.password !== 'string') return s.body
  if (LOGIN.test(s.route)) {
    const email = typeof json.email === 'string' ? json.email : ''
    const cookie = s.req.headers.get('cookie') ?? undefined
    const answer = await stub.passwordSalt({ email, ip: s.ip, cookie })
    if ('throttled' in answer) throttled(answer.throttled)
    headers.set(
      INTERNAL.passwordProof,
      await derive(json.password, config.PASSWORD_PEPPER, answer.salt, answer.iterations),
    )
  } else {
    const route = newRoute(s.route)!
    if (json.password.length < PASSWORD_MIN_LENGTH || json.password.length > PASSWORD_MAX_LENGTH)
      fail(
        'general_argument_invalid',
        `Invalid \`password\` param: Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters long, and should not be one of the commonly used password.`,
      )
    // The forms' rules, on every route that sets a password (SDK calls included).
    if (!isStrongPassword(json.password)) fail('password_weak')
    const auth = Object.fromEntries(
      AUTH_HEADERS.flatMap((h) => (s.req.headers.has(h) ? [[h, s.req.headers.get(h)!]] : [])),
    )
    const params = { ...json, password: undefined, oldPassword: undefined }
    const gate = await stub.passwordGate({ route, params, auth, ip: s.ip })
    if ('refused' in gate) throw new AppwriteException(gate.refused.type, gate.refused.message)
    // After the gate, so only a caller the route accepts can make the Worker ask the service.
    if (
      BREACH_CHECKED.has(route.kind) &&
      (await isPwnedPassword(json.password, config.PWNED_PASSWORDS_URL))
    )
      fail('general_argument_invalid', PWNED_TEXT)
    headers.set(INTERNAL.newPassword, await hashPassword(json.password, config.PASSWORD_PEPPER))
    if (gate.oldSalt && typeof json.oldPassword === 'string')
      headers.set(
        INTERNAL.passwordProof,
        await derive(
          json.oldPassword,
          config.PASSWORD_PEPPER,
          gate.oldSalt.salt,
          gate.oldSalt.iterations,
        ),
      )
  }
  return JSON.stringify({ ...json, password: undefined, oldPassword: undefined })
}

function parseJson(body: ArrayBuffer | null): Record<string, unknown> {
  if (!body) return {}
  try {
    const v = JSON.parse(new TextDecoder().decode(body))
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
