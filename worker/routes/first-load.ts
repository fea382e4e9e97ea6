import { Hono, type Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { HOME_ROOM_ID, MESSAGES_PER_BATCH, TIME_ZONE_COOKIE } from '../../shared/constants'
import { DATABASE_ID, TABLE_IDS } from '../../shared/db-ids'
import { bothShare } from '../../shared/presence'
import { presenceOf } from '../../shared/presence-label'
import { receiptsOf } from '../../shared/receipts'
import { REACTIONS_PAGE, toReaction } from '../../shared/reactions'
import { toRoom, visibleRooms, type Room } from '../../shared/room-list'
import { pageTitle } from '../../shared/nav-model'
import { cookieName } from '../appwrite-edge/auth/session'
import { getConfig } from '../config'
import { ApiError } from '../lib/api-error'
import { roomPaint } from '../first-paint/room-paint'
import { pickTimeZone } from '../first-paint/time-zone'
import { withFirstLoad, type FirstLoad } from '../services/first-load-html'

type App = { Bindings: Env }

// A navigation to a chat page by a browser holding a session: index.html with what the SPA would
// otherwise fetch before it can show the room (account, JWT, flags, partner, both statuses, the
// room's newest messages) embedded, so the room renders without a round trip. Everything is read
// through the app's own /v1 and /api handlers, with the browser's own cookie, so the answer holds
// exactly what the SPA may read and nothing else. Anything short of that: the static file.
const firstLoad = new Hono<App>()
  .get('/', (c) => answer(c, HOME_ROOM_ID))
  .get('/rooms/:roomId', (c) => answer(c, c.req.param('roomId')))
  // Deeper paths are no room: the SPA's own not-found page, as the assets would serve it.
  .get('/rooms/*', (c) => staticPage(c))

export default firstLoad

// The assets binding is absent where the Worker runs without the built SPA (the workerd test
// pools): there is no page to serve, so the app's JSON 404 answers.
async function staticPage(c: Context<App>) {
  if (!c.env.ASSETS) throw new ApiError(404, `No route for GET ${new URL(c.req.url).pathname}`)
  return c.env.ASSETS.fetch(c.req.raw)
}

async function answer(c: Context<App>, roomId: string): Promise<Response> {
  const config = getConfig(c.env)
  // With real Appwrite the session cookie lives on Appwrite's origin: this one never sees it.
  const session =
    config.backend === 'embedded' && getCookie(c, cookieName(config.APPWRITE_PROJECT_ID))
  if (!session || !c.env.ASSETS) return staticPage(c)
  const read = await readFirstLoad(c, roomId).catch((err: unknown) => {
    console.error('first load', err)
    return null
  })
  // The file itself: asked with the browser's validators, the assets would answer "304 Not
  // Modified" for the copy it holds (a visitor's page, the service worker's shell), and the
  // browser would show that copy, without the data.
  const page = await c.env.ASSETS.fetch(read ? unconditional(c.req.raw) : c.req.raw)
  if (!read || !page.ok) return page
  const { data, room } = read
  // A room the SPA will call "not found" is not drawn.
  const drawn = roomId === HOME_ROOM_ID || (room && (!room.isDeleted || data.flags.isAdmin))
  const paint =
    drawn &&
    roomPaint({
      meId: data.account.$id,
      roomId,
      room,
      rooms: visibleRooms(read.rooms, false),
      rows: data.rows,
      receipts: data.receipts,
      reactions: data.reactions ?? [],
      zone: pickTimeZone(getCookie(c, TIME_ZONE_COOKIE), c.req.raw.cf?.timezone as string),
      me: { name: data.account.name, list: data.flags.list },
      chatee: data.chatee,
      gifs: data.flags.gifs,
      // While both share: the admin's own view of it is a switch the page keeps, not the server.
      chateePresence:
        data.chateeStatus && data.sharing && bothShare(data.sharing)
          ? presenceOf(data.chateeStatus as Parameters<typeof presenceOf>[0])
          : null,
    })
  const title = paint && roomId !== HOME_ROOM_ID ? pageTitle(room?.name) : undefined
  return withFirstLoad(page, data, paint || null, title)
}

function unconditional(request: Request): Request {
  const headers = new Headers(request.headers)
  for (const name of ['if-none-match', 'if-modified-since']) headers.delete(name)
  return new Request(request.url, { headers })
}

/** A `/v1` rows listing of `table` with the given queries, as the SDK sends them. */
function listPath(table: string, total: boolean, queries: object[]) {
  const params = new URLSearchParams(total ? {} : { total: 'false' })
  for (const q of queries) params.append('queries[]', JSON.stringify(q))
  return `/v1/tablesdb/${DATABASE_ID}/tables/${table}/rows?${params}`
}

async function readFirstLoad(
  c: Context<App>,
  roomId: string,
): Promise<{ data: FirstLoad; room: Room | null; rooms: Room[] } | null> {
  const { app } = await import('../app')
  const origin = new URL(c.req.url).origin
  const project = getConfig(c.env).APPWRITE_PROJECT_ID
  const cookie = c.req.header('cookie') ?? ''
  const call = async <T>(method: string, path: string, body?: unknown, jwt?: string) => {
    const headers: Record<string, string> = { 'x-appwrite-project': project }
    if (jwt) headers.authorization = `Bearer ${jwt}`
    else headers.cookie = cookie
    if (body !== undefined) headers['content-type'] = 'application/json'
    const ip = c.req.header('cf-connecting-ip')
    if (ip) headers['cf-connecting-ip'] = ip
    const res = await app.fetch(
      new Request(new URL(path, origin), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      c.env,
      c.executionCtx,
    )
    // 204: nothing to say (no partner yet for /api/auth/chatee), which is an answer too.
    const data = res.status === 204 ? null : res.ok ? await res.json() : await res.body?.cancel()
    return { ok: res.ok, data: data as T }
  }
  const me = await call<FirstLoad['account']>('GET', '/v1/account')
  // Signed out, or not yet verified: the SPA's own path says so properly.
  if (!me.ok || !me.data.emailVerification) return null
  const jwt = await call<{ jwt: string }>('POST', '/v1/account/jwts')
  if (!jwt.ok) return null
  const token = jwt.data.jwt
  const email = me.data.email
  // No `total` where the SPA reads none: counting a long room costs up to 5,000 rows.
  const rowsPath = listPath(TABLE_IDS.messages, false, [
    { method: 'equal', attribute: 'roomId', values: [roomId] },
    { method: 'orderDesc', attribute: 'seq' },
    { method: 'limit', values: [MESSAGES_PER_BATCH] },
  ])
  // The room's receipts as the SPA reads them: where the reader's unread messages begin (their
  // own row), "Seen" and "Delivered" (the partner's). Up to five rows a room (receipts-query.ts).
  const readPath = listPath(TABLE_IDS.receipts, false, [
    { method: 'equal', attribute: 'roomId', values: [roomId] },
    { method: 'limit', values: [10] },
  ])
  // The room's reactions as the SPA reads them (reactions-query.ts: its first page of 1,000).
  const reactionsPath = listPath(TABLE_IDS.reactions, false, [
    { method: 'equal', attribute: 'roomId', values: [roomId] },
    { method: 'limit', values: [REACTIONS_PAGE] },
  ])
  // The sidebar's list as the SPA asks for it (rooms-query.ts), deleted ones too: the open room
  // may be one (the admin view), and the admin's switch, kept by the browser, picks.
  const roomsPath = listPath(TABLE_IDS.rooms, true, [
    { method: 'orderAsc', attribute: 'name' },
    { method: 'limit', values: [500] },
  ])
  const [flags, chatee, status, sharing, rows, rooms, read, reactions] = await Promise.all([
    call<FirstLoad['flags']>('POST', '/api/auth/flags', { email }, token),
    call<FirstLoad['chatee']>('POST', '/api/auth/chatee', { email }, token),
    call<FirstLoad['status']>('POST', '/api/user/status', { userId: me.data.$id }, token),
    call<NonNullable<FirstLoad['sharing']>>('POST', '/api/user/sharing', {}, token),
    call<{ rows: unknown[] }>('GET', rowsPath),
    // Also the SPA's own membership check (web/features/auth/session.ts): a member sees a room.
    call<{ total: number; rows: Record<string, unknown>[] }>('GET', roomsPath),
    call<{ rows: Record<string, unknown>[] }>('GET', readPath),
    call<{ rows: Record<string, unknown>[] }>('GET', reactionsPath),
  ])
  // A refused account (off the allowlist, not in the team) gets the SPA's refusal, not data.
  if (!flags.ok || !rows.ok || !rooms.ok || rooms.data.total < 1) return null
  // The partner's status only where the server would give it: the admin, or both sharing.
  const shared = flags.data.isAdmin || (sharing.ok && bothShare(sharing.data))
  const chateeStatus =
    chatee.ok && chatee.data && shared
      ? await call<FirstLoad['status']>(
          'POST',
          '/api/auth/chatee-status',
          { userId: chatee.data.$id },
          token,
        )
      : null
  const { $id, name, emailVerification } = me.data
  const all = rooms.data.rows.map(toRoom)
  const data: FirstLoad = {
    // The four fields the SPA keeps of its account (web/lib/session-probe.ts), no more.
    account: { $id, name, email, emailVerification },
    jwt: token,
    flags: flags.data,
    chatee: chatee.ok ? chatee.data : null,
    status: status.ok ? status.data : null,
    chateeStatus: chateeStatus?.ok ? chateeStatus.data : null,
    sharing: sharing.ok ? sharing.data : null,
    // What the user's rooms query would read: no deleted room unless they are the admin.
    rooms: flags.data.isAdmin ? all : all.filter((r) => !r.isDeleted),
    roomId,
    rows: rows.data.rows,
    receipts: receiptsOf(read.ok ? read.data.rows : [], $id),
    // A full page may have more after it: the SPA reads them all itself.
    reactions:
      reactions.ok && reactions.data.rows.length < REACTIONS_PAGE
        ? reactions.data.rows.map(toReaction)
        : undefined,
  }
  return { data, room: all.find((r) => r.$id === roomId) ?? null, rooms: all }
}
