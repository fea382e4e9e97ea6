import { Query } from 'appwrite'
import { newUser, type TestUser } from './helpers/users'
import { DB, keyTables, uid, webTables } from './rows-setup'

// The seed of the query compat tests (rows-queries, rows-paging): one room of messages (seq 1..5)
// and three status rows, made with the key and read with the web SDK as a member of team `user`.
// Each seedQueries call seeds a room of its own: the compat files share one module instance
// (`isolate: false`), so the values below are live bindings, set by the seed and read by the tests
// after beforeAll.
export let room = ''
export let marker = ''
export const ids: string[] = []
export let member: TestUser

const messages = (room: string) => [
  { message: 'alpha apple', kind: 'user', senderId: 'sA', clientId: `c1-${room}` },
  { message: 'beta banana', kind: 'system', senderId: 'sB', clientId: null },
  { message: 'gamma apple pie', kind: 'user', senderId: 'sA', clientId: `c3-${room}` },
  { message: 'delta', kind: 'user', senderId: 'sB', clientId: `c4-${room}` },
  { message: 'epsilon_%', kind: 'system', senderId: 'sA', clientId: null },
]

export const list = async (...queries: string[]) =>
  webTables(member).listRows({
    databaseId: DB,
    tableId: 'messages',
    queries: [Query.equal('roomId', room), ...queries],
  })
export const seqs = async (...queries: string[]) =>
  (await list(...queries)).rows.map((r) => r.seq as number)

export async function seedQueries() {
  room = uid()
  marker = `q-${room}`
  ids.length = 0
  member = await newUser({ teams: ['user'] })
  for (const m of messages(room)) {
    const row = await keyTables().createRow({
      databaseId: DB,
      tableId: 'messages',
      rowId: uid(),
      data: { roomId: room, ...m },
    })
    ids.push(row.$id)
  }
  const status = [
    { isOnline: true, presence: 'online', lastSeenAt: '2024-01-01T00:00:00.000+00:00' },
    { isOnline: false, presence: 'offline', lastSeenAt: '2024-06-01T00:00:00.000+00:00' },
    { isOnline: true, presence: 'away', lastSeenAt: null },
  ]
  for (const s of status)
    await keyTables().createRow({
      databaseId: DB,
      tableId: 'status',
      rowId: uid(),
      data: { ...s, typingRoomId: marker },
      // status has rowSecurity (presence privacy): the rows grant the member, as their owner's would.
      permissions: [`read("user:${member.id}")`],
    })
}
