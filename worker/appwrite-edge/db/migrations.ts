import { backfillSearchText } from './backfill-search-text'
import type { Sql } from './sql'

// The embedded backend's SQLite schema. Append a new entry to change it; never edit a shipped one,
// because each object records how many it has applied. An entry is SQL, or a step over the rows
// that SQL alone cannot express.
export const MIGRATIONS: (string | ((sql: Sql) => void))[] = [
  `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL UNIQUE,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    password TEXT NOT NULL,
    email_verification INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 1,
    labels TEXT NOT NULL DEFAULT '[]',
    prefs TEXT NOT NULL DEFAULT '{}',
    password_update TEXT NOT NULL,
    accessed_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    secret_hash TEXT NOT NULL UNIQUE,
    provider TEXT NOT NULL,
    provider_uid TEXT NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    country_code TEXT NOT NULL DEFAULT '--',
    factors TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    expire TEXT NOT NULL
  );
  CREATE INDEX sessions_user ON sessions(user_id, created_at);
  CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expire TEXT NOT NULL
  );
  CREATE INDEX tokens_user ON tokens(user_id, kind);
  CREATE TABLE teams (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    prefs TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE memberships (
    id TEXT PRIMARY KEY,
    team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    roles TEXT NOT NULL DEFAULT '[]',
    invited TEXT NOT NULL,
    joined TEXT NOT NULL,
    confirm INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (team_id, user_id)
  );
  CREATE TABLE rows (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    permissions TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (table_id, id)
  );
  CREATE TABLE files (
    bucket_id TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    mime_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    signature TEXT NOT NULL DEFAULT '',
    chunks_total INTEGER NOT NULL,
    chunks_uploaded INTEGER NOT NULL,
    permissions TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (bucket_id, id)
  );
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    html TEXT NOT NULL,
    sent_at TEXT NOT NULL
  );
  CREATE TABLE throttle (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    reset_at INTEGER NOT NULL
  );
  `,
  // Storage: the R2 object of a file, and the R2 multipart upload (with its parts) of a chunked
  // upload until the last chunk completes it. state: uploading | completing | ready.
  `
  ALTER TABLE files ADD COLUMN object_key TEXT NOT NULL DEFAULT '';
  ALTER TABLE files ADD COLUMN upload_id TEXT;
  ALTER TABLE files ADD COLUMN state TEXT NOT NULL DEFAULT 'ready';
  CREATE TABLE file_parts (
    bucket_id TEXT NOT NULL,
    file_id TEXT NOT NULL,
    part INTEGER NOT NULL,
    etag TEXT NOT NULL,
    PRIMARY KEY (bucket_id, file_id, part)
  );
  `,
  // Rows: a room's messages by their server sequence (list, cursor pages and the next-seq
  // lookup use it; the expressions match rows/store.ts jsonPath exactly, or SQLite ignores it).
  `
  CREATE INDEX rows_room_seq ON rows (
    table_id, json_extract(data, '$.roomId'), json_extract(data, '$.seq')
  );
  `,
  // Storage: who started a chunked upload (`user:ID` or `key`), the only caller that may continue it.
  `
  ALTER TABLE files ADD COLUMN uploader TEXT;
  `,
  // Rows: the messages' unique (senderId, clientId) check runs on every send; without an index
  // it read every message of the project (rows/store.ts assertUnique; docs/benchmarks.md, API).
  `
  CREATE INDEX rows_client_id ON rows (
    table_id, json_extract(data, '$.clientId'), json_extract(data, '$.senderId')
  );
  `,
  // Messages: the text as read of those stored before `searchText` existed (2026-11-28).
  backfillSearchText,
  // Again, since `searchText` holds a file's name too: those with a file, whatever it held.
  backfillSearchText,
  // Rows: a room's pinned messages, newest pin first, read as the room opens (its pinned bar).
  `
  CREATE INDEX IF NOT EXISTS rows_room_pinned ON rows (
    table_id, json_extract(data, '$.roomId'), json_extract(data, '$.pinnedAt')
  );
  `,
]
