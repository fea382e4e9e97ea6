import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { TEXTS } from '../../shared/texts'
import {
  BackendError,
  getBackend,
  type BackendPort,
  type BackendUser,
  type Fetched,
  type Row,
  type RowList,
} from '../backend'
import { getConfig, type Config } from '../config'
import { ApiError } from '../lib/api-error'
import { later } from '../lib/background'
import { announceUnverified } from '../services/notifier'
import type { ApiHono, PublicHono } from './context'
import type { Prefetch } from './prefetch'

/** Config and the backend adapter the configuration selects. */
export const withBackend = createMiddleware<PublicHono>(async (c, next) => {
  const config = getConfig(c.env)
  c.set('config', config)
  c.set('backend', getBackend(c.env, config))
  await next()
})

export function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return m?.[1]
}

/**
 * The caller behind a JWT, verified by the backend (embedded: the Durable Object checks the
 * signature and that the session still exists; appwrite: GET /account with X-Appwrite-JWT).
 * Then the spec's gate: a verified email (else 403 with the spec's text, and the
 * "Unverified Email" notice) and an allowlisted one (else 403 "not authorized").
 */
export async function authenticate(
  c: Context,
  backend: BackendPort,
  config: Config,
  jwt: string | undefined,
): Promise<BackendUser> {
  return (await authenticateWith(c, backend, config, jwt, { reads: [] })).caller
}

type Found = {
  caller: BackendUser
  rows: Fetched[]
  created?: Row | BackendError
  listed?: RowList<unknown>
}

/**
 * authenticate, plus rows read (and a guarded create made) in the same round trip (embedded: one
 * RPC to the object, the JWT checked there first). They are returned only once the caller passed
 * every check; the create's guards are that same gate, so it never runs for a refused caller.
 */
export async function authenticateWith(
  c: Context,
  backend: BackendPort,
  config: Config,
  jwt: string | undefined,
  { reads, create }: Prefetch,
): Promise<Found> {
  if (!jwt) throw new ApiError(401, 'Sign in first: this call needs Authorization: Bearer <JWT>')
  let found: Found
  try {
    found =
      reads.length || create
        ? await backend.getCallerWith(jwt, reads, create)
        : { caller: await backend.getCaller(jwt), rows: [] }
  } catch (err) {
    if (err instanceof BackendError && (err.status === 401 || err.status === 400))
      throw new ApiError(401, 'Your session has expired or is invalid - please sign in again')
    if (err instanceof BackendError && err.status === 403)
      throw new ApiError(403, err.message || 'This account is blocked')
    throw err
  }
  const { caller } = found
  if (!caller.emailVerification) {
    later(c, announceUnverified(backend, config, caller))
    throw new ApiError(403, TEXTS.unverifiedEmail, 'email_unverified')
  }
  if (!config.ALLOWED_EMAILS.includes(caller.email))
    throw new ApiError(403, TEXTS.notAuthorized, 'not_authorized')
  return found
}

/**
 * Every /api route except the public ones: `c.var.caller` is the verified, allowlisted user
 * (already there when a route's requireCallerReading ran first, middleware/prefetch.ts).
 */
export const requireCaller = createMiddleware<ApiHono>(async (c, next) => {
  if (!c.get('caller')) {
    const jwt = bearer(c.req.header('authorization'))
    c.set('caller', await authenticate(c, c.get('backend'), c.get('config'), jwt))
  }
  await next()
})

export function isAdmin(config: Config, user: Pick<BackendUser, 'email'>) {
  return user.email === config.ADMIN_EMAIL
}

/** A userId in a body must be the caller's own (IDOR guard); the message says what is allowed. */
export function assertSelf(caller: BackendUser, userId: string | undefined) {
  if (userId !== undefined && userId !== caller.$id)
    throw new ApiError(403, 'You can only act on your own account')
}
