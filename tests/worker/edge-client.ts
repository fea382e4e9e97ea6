import { env, exports } from 'cloudflare:workers'
import { getConfig } from '../../worker/config'

// Worker tests of /v1 through the Worker's own fetch (the same path as production: the Worker's
// checks and hashing, then the Durable Object), plus a spy on PBKDF2 to see what gets hashed.
export const config = getConfig(env)
export const ORIGIN = 'http://kathelia.test'
// A link target for mails: the first configured app origin.
export const APP_URL = `${config.APP_ORIGINS[0]}/`

export type Call = {
  method?: string
  body?: unknown
  /** Client IP as Cloudflare reports it (each test uses its own, so IP limits stay apart). */
  ip?: string
  cookie?: string
  headers?: Record<string, string>
  /** The prefix before `path`, `/v1` unless a test spells it otherwise. */
  base?: string
}

/** One request to `/v1${path}` (path sent as written, encoded or not). */
export function v1(path: string, call: Call = {}): Promise<Response> {
  const headers: Record<string, string> = {
    'x-appwrite-project': config.APPWRITE_PROJECT_ID,
    'cf-connecting-ip': call.ip ?? '203.0.113.1',
    ...call.headers,
  }
  if (call.body !== undefined) headers['content-type'] = 'application/json'
  if (call.cookie) headers.cookie = call.cookie
  return exports.default.fetch(`${ORIGIN}${call.base ?? '/v1'}${path}`, {
    method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  })
}

export const withKey = (headers: Record<string, string> = {}) => ({
  ...headers,
  'x-appwrite-key': config.EMBEDDED_API_KEY,
})

/** The session cookie a successful login set, as a Cookie header value. */
export function sessionCookie(res: Response): string {
  const name = `a_session_${config.APPWRITE_PROJECT_ID}=`
  const set = res.headers.getSetCookie().find((c) => c.startsWith(name))
  if (!set) throw new Error(`no session cookie (status ${res.status})`)
  return set.split(';')[0]
}

/** Signs in and returns the session cookie; fails the test unless the login succeeds. */
export async function login(email: string, password: string, call: Call = {}): Promise<string> {
  const res = await v1('/account/sessions/email', { ...call, body: { email, password } })
  if (res.status !== 201) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return sessionCookie(res)
}

/** The newest outbox mail to `to` and the query of the link in it. */
export async function linkMailedTo(to: string): Promise<Record<string, string>> {
  const mails = (await (await exports.default.fetch(`${ORIGIN}/__dev/outbox`)).json()) as {
    to: string
    text: string
  }[]
  const mail = mails.find((m) => m.to === to)
  if (!mail) throw new Error(`no mail to ${to}`)
  return Object.fromEntries(new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams)
}

type DeriveBits = SubtleCrypto['deriveBits']

/**
 * Wraps crypto.subtle.deriveBits in this isolate (the Worker's and the object's code run here
 * too) to record each PBKDF2 and, with `productionCap`, to refuse above 100,000 iterations the way
 * production Workers do. Call `restore` when done.
 */
export function spyPbkdf2(opts: { productionCap?: boolean } = {}) {
  const subtle = crypto.subtle
  const original: DeriveBits = subtle.deriveBits
  const iterations: number[] = []
  const wrapped: DeriveBits = function (this: SubtleCrypto, algorithm, key, length) {
    const a = typeof algorithm === 'string' ? { name: algorithm } : algorithm
    if (a.name === 'PBKDF2') {
      const n = a.iterations ?? 0
      iterations.push(n)
      if (opts.productionCap && n > 100_000)
        return Promise.reject(
          new DOMException(
            `Pbkdf2 failed: iteration counts above 100000 are not supported (requested ${n})`,
            'NotSupportedError',
          ),
        )
    }
    return original.call(this, algorithm, key, length)
  }
  subtle.deriveBits = wrapped
  return {
    iterations,
    restore: () => {
      subtle.deriveBits = original
    },
  }
}
