import { beforeAll, describe, expect, it } from 'vitest'
import { TABLES, type TableId } from '../../shared/db-schema'
import { call, edgeRoutes, KEY, workerRoutes } from './edge'
import { paramsOf } from '../fuzz/routes'
import * as w from './idor-world'

// The IDOR attacks (idor.test.ts, idor-ada.test.ts): every route that takes an object's id (from
// the route tables) is tried by the partner and by an outsider with one partner's objects.
// Nothing is read beyond what the schema grants the attacker's teams, and nothing is changed.
// Two files, one per victim: the pair of workerd isolates run them side by side.
type Attempt = {
  name: string
  method: string
  path: string
  headers: Record<string, string>
  json?: unknown
  body?: BodyInit
  allowed?: boolean
  check?: () => Promise<void>
}
type Ctx = { attacker: w.User; victim: w.User; obj: w.Owned }

const unchangedRow = (table: string, id: string, before: string) => async () => {
  const res = await call(w.rowPath(table, id), { headers: KEY })
  expect(res.status, `${table}/${id} still there`).toBe(200)
  expect(((await res.json()) as { $updatedAt: string }).$updatedAt).toBe(before)
}

// /v1: one case per route with an object id in its path, keyed by the route's own pattern.
const ROWS =
  (kind: 'tablesdb' | 'databases') =>
  (method: string) =>
  (x: Ctx): Attempt[] =>
    // The legacy documents routes run the same code as the rows routes: three tables with the
    // three kinds of read rule (owner only, team, admin) stand for all there.
    (kind === 'tablesdb'
      ? (Object.keys(TABLES) as TableId[])
      : (['bookmarks', 'messages', 'status'] as TableId[])
    ).map((table) => {
      const id = x.obj.rows[table]
      const path =
        kind === 'tablesdb'
          ? w.rowPath(table, id)
          : `/v1/databases/kathelia/collections/${table}/documents/${id}`
      const action = method === 'GET' ? 'read' : method === 'DELETE' ? 'delete' : 'update'
      const data =
        method === 'GET' || method === 'DELETE' ? undefined : { data: w.requiredData(table) }
      return {
        name: `${method} ${table}`,
        method,
        path,
        headers: w.asCookie(x.attacker),
        json: data,
        allowed: w.tableGrants(table, action, x.attacker),
      }
    })
const FILES =
  (method: string, suffix = '') =>
  (x: Ctx): Attempt[] => [
    {
      name: `${method} file${suffix}`,
      method,
      path: `${w.filePath(x.obj.fileId)}${suffix}`,
      headers: w.asCookie(x.attacker),
      json: method === 'PUT' ? { name: 'taken.txt' } : undefined,
      // Chat files are read by the team (both partners); only the sender changes them.
      allowed: method === 'GET' && x.attacker.who !== 'outsider',
    },
  ]
const USERS =
  (method: string, tail = '') =>
  (x: Ctx): Attempt[] => [
    {
      name: `${method} /users/{id}${tail}`,
      method,
      path: `/v1/users/${x.victim.userId}${tail.replace(':sessionId', x.victim.sessionId)}`,
      headers: w.asCookie(x.attacker),
      json:
        method === 'GET' || method === 'DELETE'
          ? undefined
          : {
              labels: ['admin'],
              status: false,
              name: 'x',
              password: 'Taken-over-1!',
              emailVerification: false,
              prefs: {},
            },
    },
  ]
const SESSION =
  (method: string) =>
  (x: Ctx): Attempt[] => [
    {
      name: `${method} victim's session`,
      method,
      path: `/v1/account/sessions/${x.victim.sessionId}`,
      headers: w.asCookie(x.attacker),
      check: async () =>
        expect((await call('/v1/account', { headers: { cookie: x.victim.cookie } })).status).toBe(
          200,
        ),
    },
  ]
const TEAM =
  (method: string, tail = '') =>
  (x: Ctx): Attempt[] =>
    ['admin', 'user'].flatMap((team): Attempt[] => {
      const member = x.attacker.teams.includes(team)
      return tail.includes(':membershipId')
        ? x.victim.teams
            .map((t) => ({
              name: `${method} ${t} membership`,
              method,
              path: `/v1/teams/${t}/memberships/${x.obj.memberships[t]}${tail.endsWith('/status') ? '/status' : ''}`,
              headers: w.asCookie(x.attacker),
              json: method === 'PATCH' ? { userId: x.attacker.userId, secret: 'x' } : undefined,
              // Appwrite lets a team's members read its memberships.
              allowed: method === 'GET' && x.attacker.teams.includes(t) && team === t,
            }))
            .filter((a) => a.path.includes(`/teams/${team}/`))
        : [
            {
              name: `${method} team ${team}${tail}`,
              method,
              path: `/v1/teams/${team}${tail}`,
              headers: w.asCookie(x.attacker),
              json: method === 'POST' ? { userId: x.attacker.userId, roles: ['owner'] } : undefined,
              allowed: method === 'GET' && member,
            },
          ]
    })

const V1: Record<string, (x: Ctx) => Attempt[]> = {
  ...Object.fromEntries(
    ['GET', 'PATCH', 'PUT', 'DELETE'].flatMap((m) => [
      [`${m} /v1/tablesdb/:databaseId/tables/:tableId/rows/:rowId`, ROWS('tablesdb')(m)],
      [
        `${m} /v1/databases/:databaseId/collections/:collectionId/documents/:documentId`,
        ROWS('databases')(m),
      ],
    ]),
  ),
  'GET /v1/storage/buckets/:bucketId/files/:fileId': FILES('GET'),
  'GET /v1/storage/buckets/:bucketId/files/:fileId/view': FILES('GET', '/view'),
  'GET /v1/storage/buckets/:bucketId/files/:fileId/download': FILES('GET', '/download'),
  'GET /v1/storage/buckets/:bucketId/files/:fileId/preview': FILES('GET', '/preview'),
  'PUT /v1/storage/buckets/:bucketId/files/:fileId': FILES('PUT'),
  'DELETE /v1/storage/buckets/:bucketId/files/:fileId': FILES('DELETE'),
  'GET /v1/account/sessions/:sessionId': SESSION('GET'),
  'DELETE /v1/account/sessions/:sessionId': SESSION('DELETE'),
  'GET /v1/teams/:teamId': TEAM('GET'),
  'GET /v1/teams/:teamId/memberships': TEAM('GET', '/memberships'),
  'POST /v1/teams/:teamId/memberships': TEAM('POST', '/memberships'),
  'GET /v1/teams/:teamId/memberships/:membershipId': TEAM('GET', '/memberships/:membershipId'),
  'PATCH /v1/teams/:teamId/memberships/:membershipId/status': TEAM(
    'PATCH',
    '/memberships/:membershipId/status',
  ),
  'DELETE /v1/teams/:teamId/memberships/:membershipId': TEAM(
    'DELETE',
    '/memberships/:membershipId',
  ),
}
for (const r of edgeRoutes.filter((r) => r.path.startsWith('/v1/users/:userId')))
  V1[`${r.method} ${r.path}`] = USERS(r.method, r.path.slice('/v1/users/:userId'.length))

// /api: ids travel in the body. Every route is listed, with its attempts or why it has none.
const api =
  (
    path: string,
    json: (x: Ctx) => unknown,
    allowed?: (x: Ctx) => boolean,
    check?: (x: Ctx) => () => Promise<void>,
  ) =>
  (x: Ctx): Attempt[] => [
    {
      name: path,
      method: 'POST',
      path,
      headers: w.bearer(x.attacker),
      json: json(x),
      allowed: allowed?.(x),
      check: check?.(x),
    },
  ]
const partner = (x: Ctx) => x.attacker.who !== 'outsider'
const API: Record<string, ((x: Ctx) => Attempt[]) | string> = {
  '/api/message/edit': api('/api/message/edit', (x) => ({
    messageId: x.obj.messageId,
    message: 'taken over',
  })),
  '/api/message/delete': api('/api/message/delete', (x) => ({ messageId: x.obj.messageId })),
  '/api/message/react': api('/api/message/react', (x) => ({
    messageId: x.obj.messageId,
    emoji: '👍',
    on: true,
    userId: x.victim.userId,
  })),
  // Either partner pins any message of a shared room (the bar is both of theirs); never an outsider.
  '/api/message/pin': api(
    '/api/message/pin',
    (x) => ({ messageId: x.obj.messageId, on: true }),
    partner,
  ),
  // A reply to the victim's message, and a forward of it (its file shown by a message of the
  // attacker's, which would then outlive the victim's delete): the partner's to make only.
  '/api/message/add': (ctx) => [
    ...api(
      '/api/message/add',
      (x) => ({
        roomId: 'home',
        message: 'reply',
        replyToId: x.obj.messageId,
        fileId: x.obj.fileId,
      }),
      partner,
    )(ctx),
    ...api(
      '/api/message/add',
      (x) => ({ roomId: 'home', forwardOf: x.obj.messageId }),
      partner,
    )(ctx),
  ],
  '/api/receipt/read': api('/api/receipt/read', (x) => ({
    roomId: 'home',
    seq: 1,
    userId: x.victim.userId,
  })),
  // A shared room: the partner may say what their own device holds (their own row, by the
  // JWT); the outsider may not.
  '/api/receipt/delivered': api(
    '/api/receipt/delivered',
    () => ({ roomId: 'home', seq: 1 }),
    partner,
  ),
  '/api/user/info': api('/api/user/info', (x) => ({ userId: x.victim.userId }), partner),
  '/api/user/status': api('/api/user/status', (x) => ({ userId: x.victim.userId })),
  '/api/user/update-status': api('/api/user/update-status', (x) => ({
    userId: x.victim.userId,
    payload: { isTyping: true },
  })),
  '/api/auth/chatee-status': api(
    '/api/auth/chatee-status',
    (x) => ({ userId: x.victim.userId }),
    (x) => x.attacker.who === 'ada',
  ),
  '/api/auth/assign-teams': api('/api/auth/assign-teams', (x) => ({ userId: x.victim.userId })),
  '/api/auth/create-status': api('/api/auth/create-status', (x) => ({ userId: x.victim.userId })),
  '/api/auth/verify': api('/api/auth/verify', (x) => ({
    userId: x.victim.userId,
    secret: 'guess',
  })),
  '/api/system/log': api('/api/system/log', (x) => ({
    section: 'idor',
    action: 'idor',
    description: 'x',
    userId: x.victim.userId,
  })),
  '/api/push/unsubscribe': api(
    '/api/push/unsubscribe',
    (x) => ({ endpoint: x.obj.endpoint }),
    undefined,
    (x) => async () => {
      const list = await call('/api/push/list', { headers: w.bearer(x.victim), json: {} })
      expect(JSON.stringify(await list.json())).toContain(x.obj.endpoint)
    },
  ),
}
const NO_FOREIGN_ID = 'takes no object id: it acts on the verified caller only (or is public)'
for (const r of workerRoutes)
  if (r.path.startsWith('/api') && !(r.path in API)) API[r.path] = NO_FOREIGN_ID

async function attempt(a: Attempt) {
  const res = await call(a.path, {
    method: a.method,
    headers: a.headers,
    json: a.json,
    body: a.body,
  })
  const text = await res.text()
  if (a.allowed) expect(res.status, `${a.name} should be allowed: ${text}`).toBeLessThan(300)
  else expect([401, 403, 404], `${a.method} ${a.path}: ${res.status} ${text}`).toContain(res.status)
  await a.check?.()
}

export const idRoutes = edgeRoutes.filter((r) =>
  paramsOf(r.path).some((p) => !['databaseId', 'tableId', 'collectionId', 'bucketId'].includes(p)),
)

/** The routes with no case: a route added without one fails the suite. */
export const uncovered = () => ({
  v1: idRoutes.map((r) => `${r.method} ${r.path}`).filter((k) => !(k in V1)),
  api: workerRoutes.filter((r) => r.path.startsWith('/api') && !(r.path in API)),
})

/** The partner and an outsider against `victim`'s objects, through every id-taking route. */
export function idorSuite(victim: 'ada' | 'ben') {
  let users: Record<w.Who, w.User>
  let obj: w.Owned
  beforeAll(async () => {
    users = {
      ada: await w.user('ada@kathelia.test', 'ada'),
      ben: await w.user('ben@kathelia.test', 'ben'),
      outsider: await w.user(`outsider-${Date.now()}@elsewhere.test`, 'outsider'),
    }
    obj = await w.own(users[victim])
  })
  describe(`IDOR against ${victim}`, () => {
    for (const attacker of [victim === 'ada' ? 'ben' : 'ada', 'outsider'] as const)
      it(`${attacker} cannot reach ${victim}'s objects through any id-taking route`, async () => {
        const x: Ctx = { attacker: users[attacker], victim: users[victim], obj }
        const before = Object.fromEntries(
          await Promise.all(
            (Object.keys(TABLES) as TableId[]).map(async (t) => [
              t,
              (
                (await (await call(w.rowPath(t, x.obj.rows[t]), { headers: KEY })).json()) as {
                  $updatedAt: string
                }
              ).$updatedAt,
            ]),
          ),
        )
        const cases = [
          ...idRoutes.map((r) => V1[`${r.method} ${r.path}`]!),
          ...Object.values(API).filter((c) => typeof c !== 'string'),
        ]
        for (const make of cases) await Promise.all(make(x).map(attempt))
        for (const t of Object.keys(TABLES) as TableId[])
          if (!w.tableGrants(t, 'update', x.attacker) && !w.tableGrants(t, 'delete', x.attacker))
            await unchangedRow(t, x.obj.rows[t], before[t]!)()
        const file = await call(w.filePath(x.obj.fileId), { headers: KEY })
        expect(((await file.json()) as { name: string }).name).toBe('idor.png')
        const msg = await call(w.rowPath('messages', x.obj.messageId), { headers: KEY })
        expect(((await msg.json()) as { message: string }).message).toBe(`idor from ${victim}`)
      })
  })
}
