import { Query, TablesDB, Teams, Users } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VERIFY_STEPS } from '../../shared/constants'
import { TEXTS } from '../../shared/texts'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import {
  call,
  createUser,
  errorShape,
  keyClient,
  KEY,
  PASSWORD,
  untilLimited,
  type TestUser,
} from './api-setup'
import { webClient } from './helpers/web-sdk'

// POST /api/auth/verify through both adapters (server A embedded; B in appwrite mode against A's
// /v1). Each adapter has its own admin (B's ADMIN_EMAIL differs), so both prove the admin team.
const EMAILS = {
  embedded: { admin: 'ada@kathelia.test', user: 'ben@kathelia.test' },
  appwrite: { admin: 'ada2@kathelia.test', user: 'ben2@kathelia.test' },
}
const ALLOWED = [...Object.values(EMAILS).flatMap((e) => [e.admin, e.user]), 'cy@kathelia.test']

let a: AppServer
let b: AppServer

beforeAll(async () => {
  a = await startAppServer({ ALLOWED_EMAILS: ALLOWED.join(',') })
  b = await startAppServer({
    APPWRITE_ENDPOINT: `${a.url}/v1`,
    APPWRITE_API_KEY: KEY,
    ALLOWED_EMAILS: ALLOWED.join(','),
    ADMIN_EMAIL: EMAILS.appwrite.admin,
  })
}, 120_000)

afterAll(async () => {
  await b?.close()
  await a?.close()
})

const db = () => new TablesDB(keyClient(a.url))

/** Signs in as the (unverified) user, asks for a verification mail and returns its link's secret. */
async function mailedSecret(user: TestUser): Promise<string> {
  const web = webClient(a.url)
  await web.account.createEmailPasswordSession({ email: user.email, password: PASSWORD })
  await web.account.createEmailVerification({ url: `${a.url}/` })
  await web.account.deleteSessions()
  const mails = (await (await fetch(`${a.url}/__dev/outbox`)).json()) as {
    to: string
    text: string
  }[]
  const mail = mails.find((m) => m.to === user.email)
  if (!mail) throw new Error(`no mail to ${user.email}`)
  return new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('secret')!
}

/** The NDJSON lines of a 200 answer, parsed. */
const events = (r: { body: unknown }) =>
  String(r.body)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)

/** The home room's system notices about `name`, oldest first. */
async function noticesAbout(name: string): Promise<string[]> {
  const list = await db().listRows({
    databaseId: 'kathelia',
    tableId: 'messages',
    queries: [Query.equal('roomId', 'home'), Query.equal('kind', 'system'), Query.limit(100)],
  })
  return list.rows
    .sort((x, y) => Number(x.seq) - Number(y.seq))
    .map((r) => String(r.message))
    .filter((m) => m.startsWith(name))
}

async function teamsOf(userId: string): Promise<string[]> {
  const teams = new Teams(keyClient(a.url))
  const found: string[] = []
  for (const team of ['user', 'admin']) {
    const { memberships } = await teams.listMemberships({ teamId: team })
    found.push(...memberships.filter((m) => m.userId === userId).map(() => team))
  }
  return found
}

const verified = async (userId: string) =>
  (await new Users(keyClient(a.url)).get({ userId })).emailVerification

const stepsDone = VERIFY_STEPS.map((step) => ({ type: 'step', step }))

describe.each(['embedded', 'appwrite'] as const)('/api/auth/verify with the %s adapter', (mode) => {
  const url = () => (mode === 'embedded' ? a.url : b.url)
  const verify = (body: unknown) => call(url(), '/auth/verify', body)
  let admin: TestUser
  let user: TestUser
  let userSecret: string

  beforeAll(async () => {
    admin = await createUser(a.url, EMAILS[mode].admin, `Admin ${mode}`, false)
    user = await createUser(a.url, EMAILS[mode].user, `Ben ${mode}`, false)
  })

  it('refuses a wrong secret with the backend error, disclosing and posting nothing', async () => {
    userSecret = await mailedSecret(user)
    const wrong = await verify({ userId: user.id, secret: `${userSecret}x` })
    expect(wrong.status).toBe(401)
    expect(errorShape(wrong)).toEqual({
      code: 'user_invalid_token',
      message: 'Invalid token passed in the request.',
    })
    expect(wrong.body).not.toHaveProperty('name')
    expect(await verified(user.id)).toBe(false)
    expect(await teamsOf(user.id)).toEqual([])
    expect(await noticesAbout(user.name)).toEqual([])
    const unknown = await verify({ userId: 'nobody-here', secret: 'x' })
    // An unknown user answers exactly like a wrong secret: no account oracle.
    expect(unknown.status).toBe(401)
    expect(errorShape(unknown)).toEqual(errorShape(wrong))
  })

  it('runs the steps in order, streams them, posts a notice per step, and joins the user team', async () => {
    const r = await verify({ userId: user.id, secret: userSecret })
    expect(r.status, String(r.body)).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^application\/x-ndjson/)
    const lines = events(r)
    expect(lines).toMatchObject([...stepsDone, { type: 'done' }])
    expect(lines.slice(0, -1).every((e) => typeof e.message === 'string' && e.message)).toBe(true)
    expect(await verified(user.id)).toBe(true)
    expect(await teamsOf(user.id)).toEqual(['user'])
    const status = await db().getRow({ databaseId: 'kathelia', tableId: 'status', rowId: user.id })
    expect(status).toMatchObject({ isOnline: false, presence: 'offline' })
    expect(await noticesAbout(user.name)).toEqual([
      `${user.name} opened their verification link`,
      `${user.name}'s verification was recorded`,
      `${user.name} verified their email`,
      `${user.name} joined Kathelia`,
      `${user.name} is ready to chat`,
    ])
    const logs = await db().listRows({
      databaseId: 'kathelia',
      tableId: 'logs',
      queries: [Query.equal('userId', user.id), Query.equal('action', 'verify')],
    })
    expect(logs.total).toBeGreaterThanOrEqual(1)
  })

  it('refuses a replayed link without posting or joining again', async () => {
    const again = await verify({ userId: user.id, secret: userSecret })
    expect(again.status).toBe(401)
    expect(errorShape(again).code).toBe('user_invalid_token')
    expect(await noticesAbout(user.name)).toHaveLength(5)
    expect(await teamsOf(user.id)).toEqual(['user'])
  })

  it('puts the admin in both teams, idempotently beside an earlier membership and status row', async () => {
    const secret = await mailedSecret(admin)
    await new Teams(keyClient(a.url)).createMembership({
      teamId: 'user',
      userId: admin.id,
      roles: [],
    })
    await db().createRow({
      databaseId: 'kathelia',
      tableId: 'status',
      rowId: admin.id,
      data: { isOnline: true, isTyping: false, presence: 'online' },
    })
    const r = await verify({ userId: admin.id, secret })
    expect(events(r)).toMatchObject([...stepsDone, { type: 'done' }])
    expect(await teamsOf(admin.id)).toEqual(['user', 'admin'])
    const status = await db().getRow({ databaseId: 'kathelia', tableId: 'status', rowId: admin.id })
    expect(status).toMatchObject({ isOnline: true, presence: 'online' })
  })

  it('answers a malformed body 400 in the { code, message } shape', async () => {
    expect(errorShape(await verify({ userId: user.id })).code).toBe('validation_failed')
    expect((await verify({ userId: '', secret: 'x' })).status).toBe(400)
    const notJson = await verify('{oops')
    expect(notJson.status).toBe(400)
    errorShape(notJson)
  })
})

describe('/api/auth/verify beyond the allowlist and the rate limit', () => {
  it('confirms an address not on the allowlist but joins, creates and posts nothing', async () => {
    const outsider = await createUser(a.url, 'outsider@kathelia.test', 'Outsider Olga', false)
    const r = await call(a.url, '/auth/verify', {
      userId: outsider.id,
      secret: await mailedSecret(outsider),
    })
    expect(events(r)).toMatchObject([
      ...stepsDone.slice(0, 3),
      { type: 'error', step: 'teams', code: 'not_authorized', message: TEXTS.notAuthorized },
    ])
    expect(await teamsOf(outsider.id)).toEqual([])
    expect(await noticesAbout(outsider.name)).toEqual([])
  })

  it('limits the attempts per IP', async () => {
    const limited = await untilLimited(
      () => call(b.url, '/auth/verify', { userId: 'x1', secret: 'y' }),
      12,
    )
    expect(errorShape(limited).code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
