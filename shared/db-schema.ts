// The one database schema. The embedded backend serves it, and `npm run appwrite:setup`
// provisions the same tables, columns, indexes, permissions, bucket and teams on real Appwrite.
import { HOME_ROOM_ID, MESSAGE_MAX_LENGTH } from './constants'
import { BUCKET_ID, DATABASE_ID, TABLE_IDS, TEAMS } from './db-ids'

export { BUCKET_ID, DATABASE_ID, TEAMS }

export type ColumnType = 'string' | 'integer' | 'float' | 'boolean' | 'datetime' | 'enum'
export type Column = {
  key: string
  type: ColumnType
  required?: boolean
  size?: number
  elements?: readonly string[]
  default?: string | number | boolean | null
  array?: boolean
}
export type Index = { key: string; type: 'key' | 'unique' | 'fulltext'; columns: string[] }
export type TableSchema = {
  id: string
  name: string
  permissions: string[]
  rowSecurity: boolean
  columns: Column[]
  indexes: Index[]
  // A per-scope counter the server assigns on create (messages are ordered by it, never by clocks).
  sequence?: { column: string; scope: string }
}

const str = (key: string, size: number, extra: Partial<Column> = {}): Column => ({
  key,
  type: 'string',
  size,
  ...extra,
})
const bool = (key: string, d = false): Column => ({ key, type: 'boolean', default: d })
const readUsers = [`read("team:${TEAMS.user}")`]

export const TABLES = {
  status: {
    id: TABLE_IDS.status,
    name: 'Status',
    // Written only by the product API (server key). Presence is private (spec §1, §6): team
    // admin reads every row; each row also grants its owner, and the partner only while both
    // share their presence (profiles.sharePresence; worker/services/presence-sharing.ts).
    // Nothing here may be admin-only: Appwrite has no column permissions (see status_details).
    permissions: [`read("team:${TEAMS.admin}")`],
    rowSecurity: true,
    columns: [
      bool('isOnline'),
      bool('isTyping'),
      // The owner's account name as of their last report (the server reads it from the account):
      // a rename reaches the partner's header with the next status event.
      str('name', 128),
      str('typingRoomId', 36),
      // When isTyping was last set: heartbeats rewrite the row, so $updatedAt cannot date it.
      { key: 'typingAt', type: 'datetime' },
      // What it is about: words ("is typing…") or a voice message being recorded.
      { key: 'typingKind', type: 'enum', elements: ['text', 'voice'] },
      // The last presence report (visible heartbeat, visibility change, beacon, logout)…
      { key: 'lastSeenAt', type: 'datetime' },
      // …and the last sign of life of any tab, hidden tabs' slow heartbeats included.
      { key: 'aliveAt', type: 'datetime' },
      // What the client last reported and what was last announced (see worker/services/presence.ts).
      { key: 'presence', type: 'enum', elements: ['online', 'away', 'offline'] },
      // The last report was a closing tab's beacon: its offline is announced as "closed the browser".
      bool('closed'),
      { key: 'announced', type: 'enum', elements: ['online', 'away', 'offline'] },
      // When `announced` last changed: racing reports derive the same announcement key from it.
      { key: 'announcedAt', type: 'datetime' },
      // The tab whose beacon said offline: its reports still in flight then change nothing.
      str('closedTab', 36),
      // The user's tabs in view, as JSON {tab: time of its last visible report}: one tab hiding
      // or closing leaves its user online while another (a phone, a second window) is in view.
      str('visibleTabs', 2048),
    ],
    indexes: [{ key: 'online', type: 'key', columns: ['isOnline'] }],
  },
  status_details: {
    id: TABLE_IDS.status_details,
    name: 'Status details',
    // The spec's admin view (§6): only the admin sees the partner's device, location and
    // activity. One row per user, row id = user id, written only by the product API.
    permissions: [`read("team:${TEAMS.admin}")`],
    rowSecurity: false,
    columns: [
      str('location', 256),
      { key: 'deviceType', type: 'enum', elements: ['Mobile', 'Tablet', 'Desktop', 'Others'] },
      str('browser', 64),
      str('operatingSystem', 64),
      str('activity', 128),
    ],
    indexes: [],
  },
  rooms: {
    id: TABLE_IDS.rooms,
    name: 'Rooms',
    permissions: [...readUsers, `update("team:${TEAMS.admin}")`],
    rowSecurity: false,
    columns: [
      str('name', 64, { required: true }),
      str('hiddenName', 64, { required: true }),
      str('color', 7, { required: true }),
      bool('isDeleted'),
      str('createdBy', 36),
    ],
    indexes: [
      { key: 'hidden_name', type: 'unique', columns: ['hiddenName'] },
      { key: 'name', type: 'key', columns: ['name'] },
    ],
  },
  messages: {
    id: TABLE_IDS.messages,
    name: 'Messages',
    // Created only through /api/message/add, which takes the sender from the verified JWT.
    permissions: readUsers,
    rowSecurity: false,
    columns: [
      str('roomId', 36, { required: true }),
      str('message', MESSAGE_MAX_LENGTH, { required: true }),
      // The search's words the text as typed lacks (shared/text-format.ts searchTextOf): a
      // document's name, the text as read when formatting markers make it differ; else null. The
      // room's search looks in both, so "see you" finds "*see* you" and "minutes" "minutes.pdf".
      str('searchText', MESSAGE_MAX_LENGTH),
      str('senderId', 36, { required: true }),
      { key: 'kind', type: 'enum', elements: ['user', 'system'], default: 'user' },
      str('clientId', 36),
      { key: 'seq', type: 'integer' },
      // An attachment in the bucket `files` (the caption is `message`, empty when there is none).
      // Name, type and size are copied from the stored file by /api/message/add; the width and
      // height of an image come from the sender, so the list can reserve its box before it loads.
      str('fileId', 36),
      str('fileName', 255),
      str('fileType', 255),
      { key: 'fileSize', type: 'integer' },
      { key: 'fileWidth', type: 'integer' },
      { key: 'fileHeight', type: 'integer' },
      // Reply, edit and delete (issue 14): the quoted message's id, when the text was last
      // edited (the previous text is not kept) and when it became a tombstone.
      str('replyToId', 36),
      { key: 'editedAt', type: 'datetime' },
      { key: 'deletedAt', type: 'datetime' },
      // An image's WebP thumbnail in the bucket (made by the sender's browser), and a GIF from the
      // configured service: its full rendition's address and size (the Worker serves its bytes).
      str('thumbId', 36),
      str('gifUrl', 2048),
      { key: 'gifWidth', type: 'integer' },
      { key: 'gifHeight', type: 'integer' },
      // A voice message or an audio file: its length in ms and its loudness as 48 base-32
      // digits (shared/voice.ts), both measured by the sender's browser, for the player's bars.
      { key: 'fileDuration', type: 'integer' },
      str('fileWaveform', 48),
      // Pinned to its room's bar by either partner (/api/message/pin), at most PIN_LIMIT a room.
      { key: 'pinnedAt', type: 'datetime' },
      // Sent on from another message (/api/message/add `forwardOf`): its words, file or GIF.
      { key: 'forwarded', type: 'boolean' },
    ],
    indexes: [
      { key: 'room_seq', type: 'unique', columns: ['roomId', 'seq'] },
      { key: 'client_id', type: 'unique', columns: ['senderId', 'clientId'] },
      { key: 'room_pinned', type: 'key', columns: ['roomId', 'pinnedAt'] },
    ],
    sequence: { column: 'seq', scope: 'roomId' },
  },
  logs: {
    id: TABLE_IDS.logs,
    name: 'Logs',
    permissions: [`read("team:${TEAMS.admin}")`],
    rowSecurity: false,
    columns: [
      str('section', 64, { required: true }),
      str('action', 64, { required: true }),
      str('description', 1000, { required: true }),
      str('userId', 36),
      str('data', 10000),
    ],
    indexes: [{ key: 'section', type: 'key', columns: ['section'] }],
  },
  scans: {
    id: TABLE_IDS.scans,
    name: 'Scans',
    permissions: [`create("team:${TEAMS.user}")`],
    rowSecurity: true,
    columns: [
      str('target', 256, { required: true }),
      str('summary', 10000),
      str('sources', 1000),
      // Written by /api/breach/check (read by the owner only): how many breaches list the address,
      // and each one's name and date as JSON ([{ name, date }]); never the leaked values.
      { key: 'found', type: 'integer' },
      str('breaches', 10000),
    ],
    indexes: [],
  },
  bookmarks: {
    id: TABLE_IDS.bookmarks,
    name: 'Bookmarks',
    permissions: [`create("team:${TEAMS.user}")`],
    rowSecurity: true,
    columns: [
      str('url', 2048, { required: true }),
      str('title', 256),
      str('note', 1000),
      // A saved message keeps a copy of what it showed (the message may be deleted later; an
      // edit rewords the excerpt, a delete for everyone empties it); its url is the app path of
      // the room. Rows carry only `user:<owner>` permissions.
      { key: 'kind', type: 'enum', elements: ['link', 'message'], default: 'link' },
      str('messageId', 36),
      str('roomId', 36),
      str('roomName', 64),
      str('senderId', 36),
      str('senderName', 128),
      str('excerpt', 300),
      { key: 'messageSeq', type: 'integer' },
      { key: 'messageAt', type: 'datetime' },
    ],
    indexes: [],
  },
  reactions: {
    id: TABLE_IDS.reactions,
    name: 'Reactions',
    // One row per user, message and emoji (id derived from the three), written only by
    // /api/message/react with the user from the verified JWT; both partners read.
    permissions: readUsers,
    rowSecurity: false,
    columns: [
      str('messageId', 36, { required: true }),
      str('roomId', 36, { required: true }),
      str('userId', 36, { required: true }),
      str('emoji', 32, { required: true }),
    ],
    indexes: [
      { key: 'one_each', type: 'unique', columns: ['messageId', 'userId', 'emoji'] },
      { key: 'room', type: 'key', columns: ['roomId'] },
    ],
  },
  profiles: {
    id: TABLE_IDS.profiles,
    name: 'Profiles',
    // What the partner may always read, written only by the product API (row id = user id): the
    // display name (a rename reaches the partner live) and the choice to share presence.
    permissions: readUsers,
    rowSecurity: false,
    columns: [str('name', 128), bool('sharePresence')],
    indexes: [],
  },
  receipts: {
    id: TABLE_IDS.receipts,
    name: 'Read receipts',
    // Written only by /api/receipt (server key, as the caller). Per room and user, rows with
    // their own read permission: `own` (the last-read seq, for unread counts on every device)
    // readable by that user only; `shared` readable by team user, which holds the position
    // only while both partners send read receipts (empty otherwise: reciprocal, as WhatsApp);
    // `delivered` readable by team user, the newest seq one of the user's devices holds (the
    // sender's "Delivered", shown whatever the read receipt setting, as WhatsApp's ticks).
    permissions: [],
    rowSecurity: true,
    columns: [
      str('roomId', 36, { required: true }),
      str('userId', 36, { required: true }),
      { key: 'kind', type: 'enum', elements: ['own', 'shared', 'delivered'], required: true },
      { key: 'seq', type: 'integer' },
      { key: 'readAt', type: 'datetime' },
    ],
    indexes: [
      { key: 'room_user_kind', type: 'unique', columns: ['roomId', 'userId', 'kind'] },
      { key: 'user_kind', type: 'key', columns: ['userId', 'kind'] },
    ],
  },
  push_subscriptions: {
    id: TABLE_IDS.push_subscriptions,
    name: 'Push subscriptions',
    // Written only by /api/push (server key), which gives each row read and delete for its owner
    // alone: a browser's endpoint and keys are nobody else's business. Row id = hash of endpoint.
    permissions: [],
    rowSecurity: true,
    columns: [
      str('userId', 36, { required: true }),
      str('endpoint', 2048, { required: true }),
      str('p256dh', 128, { required: true }),
      str('auth', 64, { required: true }),
      // "Chrome on Linux": how Settings names the device.
      str('device', 128),
    ],
    indexes: [{ key: 'user', type: 'key', columns: ['userId'] }],
  },
  session_activity: {
    id: TABLE_IDS.session_activity,
    name: 'Session activity',
    // When each signed-in device was last in use (row id = its session id), for Settings' device
    // list: Appwrite's session model has no such field. Written only by a visible tab's heartbeat
    // (server key, at most once a minute a device; worker/services/device-activity.ts), readable
    // by its owner alone; the cron deletes rows of long-ended sessions.
    permissions: [],
    rowSecurity: true,
    columns: [
      str('userId', 36, { required: true }),
      { key: 'activeAt', type: 'datetime', required: true },
    ],
    indexes: [
      { key: 'user', type: 'key', columns: ['userId'] },
      { key: 'active', type: 'key', columns: ['activeAt'] },
    ],
  },
} satisfies Record<string, TableSchema>

export type TableId = keyof typeof TABLES

export const BUCKET = {
  id: BUCKET_ID,
  name: 'Files',
  permissions: [`create("team:${TEAMS.user}")`],
  fileSecurity: true,
}

export const SEED_ROWS = [
  {
    tableId: 'rooms' as const,
    rowId: HOME_ROOM_ID,
    data: { name: 'Home', hiddenName: 'home', color: '#4f46e5', isDeleted: false, createdBy: '' },
  },
]
