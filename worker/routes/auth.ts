import { Hono } from 'hono'
import { stream } from 'hono/streaming'
import { TEXTS } from '../../shared/texts'
import {
  AssignTeamsRequest,
  AuthorizedRequest,
  ChateeRequest,
  ChateeStatusRequest,
  CreateStatusRequest,
  FlagsRequest,
  RegisterRequest,
  type Flags,
  type PresenceSharing,
  VerifyRequest,
} from '../../shared/schemas'
import { featuresOn } from '../config'
import { ApiError } from '../lib/api-error'
import { validate } from '../lib/validate'
import { later } from '../lib/background'
import { assertSelf, isAdmin, requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { rateLimit } from '../middleware/rate-limit'
import { avatarList } from '../services/avatar-list'
import { findChatee, toAccount } from '../services/chatee'
import { ensureProfile, sharingOf, syncSharing } from '../services/presence-sharing'
import { ensureStatusRow, readStatus, toStatus, type DetailsData } from '../services/status'
import { registerUser } from '../services/registration'
import { joinTeams } from '../services/teams'
import { completeVerification, proveVerification } from '../services/verification'

const notYours = () => new ApiError(403, 'The email must be your own')

function assertShared({ mine, partner }: PresenceSharing) {
  if (!mine)
    throw new ApiError(
      403,
      'Share your own online status in Settings to see your partner’s',
      'presence_not_shared',
    )
  if (!partner)
    throw new ApiError(
      403,
      'Your partner does not share their online status',
      'presence_not_shared',
    )
}

const auth = new Hono<ApiHono>()
  .use('*', withBackend)
  // Public: may this email register? Rate limited per IP because it answers about the allowlist.
  .post(
    '/authorized',
    rateLimit((env) => env.AUTHORIZED_LIMITER, 60),
    validate('json', AuthorizedRequest),
    (c) => {
      const { email } = c.req.valid('json')
      return c.var.config.ALLOWED_EMAILS.includes(email)
        ? c.json({ state: true }, 200)
        : c.json({ state: false, message: TEXTS.notAuthorized }, 200)
    },
  )
  // Public: the one way to an account (allowlist, password rules, then the API key creates it).
  .post(
    '/register',
    rateLimit((env) => env.AUTHORIZED_LIMITER, 60),
    validate('json', RegisterRequest),
    async (c) => c.json(await registerUser(c.var.backend, c.var.config, c.req.valid('json')), 201),
  )
  .post('/chatee', requireCaller, validate('json', ChateeRequest), async (c) => {
    const { caller, backend, config } = c.var
    if (c.req.valid('json').email !== caller.email) throw notYours()
    const chatee = await findChatee(backend, config, caller)
    // No partner yet is a state, not an error (a 404 showed in red in the console of the first
    // one to sign up): no content.
    if (!chatee) return c.body(null, 204)
    return c.json({ ...toAccount(chatee), list: avatarList(config, chatee) }, 200)
  })
  .post('/chatee-status', requireCaller, validate('json', ChateeStatusRequest), async (c) => {
    const { caller, backend, config } = c.var
    const chatee = await findChatee(backend, config, caller)
    if (!chatee || chatee.$id !== c.req.valid('json').userId)
      throw new ApiError(403, 'You can only read the status of your chatee')
    // Presence is the admin's view (spec §1, §6); others see it only while both share it.
    const admin = isAdmin(config, caller)
    if (!admin) assertShared(await sharingOf(backend, caller.$id, chatee.$id))
    // The device, location and activity details only for the admin (spec §6).
    const status = await readStatus(backend, chatee.$id, admin)
    if (!status) throw new ApiError(404, 'Your chatee has no status yet')
    return c.json(status, 200)
  })
  .post('/flags', requireCaller, validate('json', FlagsRequest), (c) => {
    const { caller, config } = c.var
    if (c.req.valid('json').email !== caller.email) throw notYours()
    const admin = isAdmin(config, caller)
    const repositoryUrl = admin ? config.REPOSITORY_URL : undefined
    const list = avatarList(config, caller)
    const flags: Flags = { isAdmin: admin, list, repositoryUrl, ...featuresOn(config) }
    return c.json(flags, 200)
  })
  // Idempotent: every verified, allowlisted user joins `user`; the admin also joins `admin`.
  .post('/assign-teams', requireCaller, validate('json', AssignTeamsRequest), async (c) => {
    const { caller, backend, config } = c.var
    assertSelf(caller, c.req.valid('json').userId)
    return c.json({ teams: await joinTeams(backend, config, caller) }, 200)
  })
  // Idempotent: an existing row comes back unchanged (200); a new one is created (201).
  .post('/create-status', requireCaller, validate('json', CreateStatusRequest), async (c) => {
    const { caller, backend, config } = c.var
    assertSelf(caller, c.req.valid('json').userId)
    await ensureProfile(backend, caller)
    const existing = await readStatus(backend, caller.$id, true)
    if (existing) return c.json(existing, 200)
    const { row, created } = await ensureStatusRow(backend, caller.$id)
    if (created) await syncSharing(backend, config, caller)
    const details = await backend.getRow<DetailsData>('status_details', caller.$id)
    return c.json(toStatus(row, details), created ? 201 : 200)
  })
  // Public (the emailed link is opened signed out): the secret, proven by the backend, is the
  // identity. Rate limited per IP; its 200 answer streams the steps as NDJSON (VerifyEvent).
  .post(
    '/verify',
    rateLimit((env) => env.VERIFY_LIMITER, 60),
    validate('json', VerifyRequest),
    async (c) => {
      const { userId, secret } = c.req.valid('json')
      const { backend, config } = c.var
      const user = await proveVerification(backend, userId, secret)
      c.header('content-type', 'application/x-ndjson; charset=utf-8')
      c.header('cache-control', 'no-store')
      return stream(c, async (out) => {
        const work = completeVerification(backend, config, user, async (event) => {
          await out.write(`${JSON.stringify(event)}\n`)
        })
        // The steps finish even if the page is closed mid-way.
        later(c, work)
        await work
      })
    },
  )

export default auth
