// The names the SPA needs to address the database, bucket and teams. The full schema
// (columns, indexes, permissions) is read only by the servers, so the SPA imports this file
// and keeps the schema out of its first load.
export const DATABASE_ID = 'kathelia'
/** The project the SPA names when VITE_APPWRITE_PROJECT_ID is unset (wrangler.toml's default). */
export const DEFAULT_PROJECT_ID = 'kathelia'
export const TEAMS = { admin: 'admin', user: 'user' } as const
export const BUCKET_ID = 'files'

export const TABLE_IDS = {
  status: 'status',
  status_details: 'status_details',
  rooms: 'rooms',
  messages: 'messages',
  logs: 'logs',
  scans: 'scans',
  bookmarks: 'bookmarks',
  reactions: 'reactions',
  profiles: 'profiles',
  receipts: 'receipts',
  push_subscriptions: 'push_subscriptions',
  session_activity: 'session_activity',
} as const
