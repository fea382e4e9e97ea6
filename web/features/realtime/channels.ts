import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'

// TablesDB channel names (Appwrite realtime protocol).
export const rowsChannel = (tableId: string) => `tablesdb.${DATABASE_ID}.tables.${tableId}.rows`
export const rowChannel = (tableId: string, rowId: string) => `${rowsChannel(tableId)}.${rowId}`

export const CHANNELS = {
  account: 'account',
  rooms: rowsChannel(TABLE_IDS.rooms),
  messages: rowsChannel(TABLE_IDS.messages),
  statuses: rowsChannel(TABLE_IDS.status),
  reactions: rowsChannel(TABLE_IDS.reactions),
  // Row security: a user's own positions and the shared copies reach only those who may read them.
  receipts: rowsChannel(TABLE_IDS.receipts),
  status: (userId: string) => rowChannel(TABLE_IDS.status, userId),
  // Readable by team admin only; other users' sockets never get these events.
  statusDetails: (userId: string) => rowChannel(TABLE_IDS.status_details, userId),
  // Names and sharing choices, readable by both partners whatever they share.
  profiles: rowsChannel(TABLE_IDS.profiles),
  profile: (userId: string) => rowChannel(TABLE_IDS.profiles, userId),
}

export type RowAction = 'create' | 'update' | 'delete' | 'upsert'

/** The action of an event from its most specific name (`….rows.<id>.<action>`). */
export function eventAction(events: readonly string[]): RowAction | null {
  for (const name of events) {
    const action = name.slice(name.lastIndexOf('.') + 1)
    if (action === 'create' || action === 'update' || action === 'delete' || action === 'upsert')
      return action
  }
  return null
}
