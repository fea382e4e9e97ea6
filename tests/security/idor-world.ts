import { TABLES, type TableId } from '../../shared/db-schema'
import { BUCKET_ID, DATABASE_ID } from '../../shared/db-ids'
import { solidPng } from '../fixtures/png'
import { call, KEY, signIn, type Credentials } from './edge'

// The world the IDOR suite attacks: Ada (admin) and Ben (partners, team `user`), an outsider
// (a verified account in no team), and for each partner one object of every kind.
export type Who = 'ada' | 'ben' | 'outsider'
export type User = Credentials & { who: Who; teams: string[]; sessionId: string }
export type Owned = {
  rows: Record<TableId, string>
  fileId: string
  messageId: string
  endpoint: string
  memberships: Record<string, string>
}

export const bearer = (u: User) => ({ authorization: `Bearer ${u.jwt}` })
export const asCookie = (u: User) => ({ cookie: u.cookie })
export const rowPath = (table: string, id: string) =>
  `/v1/tablesdb/${DATABASE_ID}/tables/${table}/rows/${id}`
export const filePath = (id: string) => `/v1/storage/buckets/${BUCKET_ID}/files/${id}`

async function json<T>(res: Response, status: number, what: string): Promise<T> {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

export async function user(email: string, who: Who): Promise<User> {
  const c = await signIn(email)
  let teams: string[] = []
  if (who !== 'outsider') {
    const res = await call('/api/auth/assign-teams', {
      headers: bearer({ ...c } as User),
      json: { userId: c.userId },
    })
    teams = (await json<{ teams: string[] }>(res, 200, 'assign-teams')).teams
    await call('/api/auth/create-status', {
      headers: bearer(c as User),
      json: { userId: c.userId },
    })
  }
  const current = await call('/v1/account/sessions/current', { headers: { cookie: c.cookie } })
  const sessionId = (await json<{ $id: string }>(current, 200, 'session')).$id
  return { ...c, who, teams, sessionId }
}

type Column = { key: string; type: string; size?: number; required?: boolean; elements?: string[] }
const sample = (col: Column) =>
  ({ integer: 1, boolean: false, enum: col.elements?.[0], datetime: new Date().toISOString() })[
    col.type
  ] ?? crypto.randomUUID().slice(0, Math.min(8, col.size ?? 8))

/** A value for each required column (or the first column when none is), for any table. */
export function requiredData(table: TableId): Record<string, unknown> {
  const cols = TABLES[table].columns as Column[]
  const pick = cols.filter((c) => c.required)
  return Object.fromEntries((pick.length ? pick : cols.slice(0, 1)).map((c) => [c.key, sample(c)]))
}

async function p256dh() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** One object of every kind owned by `u`, made the way the app makes them where it can. */
export async function own(u: User): Promise<Owned> {
  const rows = {} as Record<TableId, string>
  // Every table: a row whose only row permissions are the owner's (what row security allows).
  for (const table of Object.keys(TABLES) as TableId[]) {
    const perms = ['read', 'update', 'delete'].map((p) => `${p}("user:${u.userId}")`)
    const res = await call(`/v1/tablesdb/${DATABASE_ID}/tables/${table}/rows`, {
      headers: KEY,
      json: { rowId: 'unique()', data: requiredData(table), permissions: perms },
    })
    rows[table] = (await json<{ $id: string }>(res, 201, `row in ${table}`)).$id
  }
  const sent = await call('/api/message/add', {
    headers: bearer(u),
    json: { roomId: 'home', message: `idor from ${u.who}` },
  })
  const messageId = (await json<{ $id: string }>(sent, 201, 'message')).$id
  // A file as the chat uploads it: the team reads, only the sender updates and deletes.
  const form = new FormData()
  form.set('fileId', 'unique()')
  form.set('file', new File([solidPng(4, 4, [200, 10, 10])], 'idor.png', { type: 'image/png' }))
  for (const p of ['read("team:user")', `update("user:${u.userId}")`, `delete("user:${u.userId}")`])
    form.append('permissions[]', p)
  const up = await call(`/v1/storage/buckets/${BUCKET_ID}/files`, {
    headers: asCookie(u),
    body: form,
  })
  const fileId = (await json<{ $id: string }>(up, 201, 'file')).$id
  const endpoint = `https://push.kathelia.test/idor/${u.userId}`
  const sub = await call('/api/push/subscribe', {
    headers: bearer(u),
    json: { endpoint, keys: { p256dh: await p256dh(), auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
  })
  if (sub.status !== 201) throw new Error(`push subscribe: ${sub.status} ${await sub.text()}`)
  const memberships: Record<string, string> = {}
  for (const team of u.teams) {
    const res = await call(
      `/v1/teams/${team}/memberships?queries[]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'userId', values: [u.userId] }))}`,
      { headers: KEY },
    )
    memberships[team] = (
      await json<{ memberships: { $id: string }[] }>(res, 200, 'memberships')
    ).memberships[0]!.$id
  }
  return { rows, fileId, messageId, endpoint, memberships }
}

/** Whether the table's own permissions give `action` to a role the attacker holds. */
export function tableGrants(table: TableId, action: string, attacker: User) {
  // An outsider is granted nothing, whatever a table says (not even `any` or `users`).
  if (attacker.who === 'outsider') return false
  const roles = attacker.teams.map((t) => `team:${t}`)
  return (TABLES[table].permissions as string[]).some((p) =>
    roles.some((r) => p === `${action}("${r}")`),
  )
}
