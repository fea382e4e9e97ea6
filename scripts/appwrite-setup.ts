// Provisions a real Appwrite project (≥ 1.8) from shared/db-schema.ts: database, tables, columns,
// indexes, permissions, bucket, teams and fixed rows, then the values of columns added to rows
// stored before them (searchText). Safe to re-run: existing parts are kept.
// Usage: APPWRITE_ENDPOINT=… APPWRITE_PROJECT_ID=… APPWRITE_API_KEY=… npm run appwrite:setup
import { AppwriteException, Client, Storage, TablesDB, Teams } from 'node-appwrite'
import type { Column, TableSchema } from '../shared/db-schema'
import { BUCKET, DATABASE_ID, SEED_ROWS, TABLES, TEAMS } from '../shared/db-schema'
import { backfillSearchText } from './appwrite-search-text'

const { APPWRITE_ENDPOINT, APPWRITE_PROJECT_ID, APPWRITE_API_KEY } = process.env
if (!APPWRITE_ENDPOINT || !APPWRITE_PROJECT_ID || !APPWRITE_API_KEY) {
  console.error(
    'Set APPWRITE_ENDPOINT, APPWRITE_PROJECT_ID and APPWRITE_API_KEY (scopes: databases, tables, columns, indexes, rows, buckets, teams).',
  )
  process.exit(1)
}
const client = new Client()
  .setEndpoint(APPWRITE_ENDPOINT)
  .setProject(APPWRITE_PROJECT_ID)
  .setKey(APPWRITE_API_KEY)
const db = new TablesDB(client)
const storage = new Storage(client)
const teams = new Teams(client)

/** Runs a create call; an "already exists" answer (409) counts as done. */
async function ensure(what: string, create: () => Promise<unknown>) {
  try {
    await create()
    console.log(`created  ${what}`)
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 409) return console.log(`exists   ${what}`)
    throw err
  }
}

function createColumn(table: string, col: Column) {
  const base = {
    databaseId: DATABASE_ID,
    tableId: table,
    key: col.key,
    required: !!col.required,
    array: col.array,
  }
  const xdefault = col.required ? undefined : (col.default ?? undefined)
  switch (col.type) {
    case 'string':
      return db.createStringColumn({
        ...base,
        size: col.size ?? 255,
        xdefault: xdefault as string | undefined,
      })
    case 'integer':
      return db.createIntegerColumn({ ...base, xdefault: xdefault as number | undefined })
    case 'float':
      return db.createFloatColumn({ ...base, xdefault: xdefault as number | undefined })
    case 'boolean':
      return db.createBooleanColumn({ ...base, xdefault: xdefault as boolean | undefined })
    case 'datetime':
      return db.createDatetimeColumn({ ...base, xdefault: xdefault as string | undefined })
    case 'enum':
      return db.createEnumColumn({
        ...base,
        elements: [...(col.elements ?? [])],
        xdefault: xdefault as string | undefined,
      })
  }
}

/** Appwrite creates columns asynchronously; indexes need them "available". */
async function waitForColumns(table: TableSchema) {
  for (let i = 0; i < 60; i++) {
    const { columns } = await db.listColumns({ databaseId: DATABASE_ID, tableId: table.id })
    const pending = (columns as Array<{ key: string; status: string }>).filter(
      (c) => c.status !== 'available',
    )
    if (!pending.length) return
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`columns of ${table.id} did not become available`)
}

/** An enum column made before the schema gave it more elements (receipts' `delivered`) gets them. */
async function widenEnums(table: TableSchema) {
  const { columns } = await db.listColumns({ databaseId: DATABASE_ID, tableId: table.id })
  for (const col of table.columns) {
    const now = (columns as Array<{ key: string; elements?: string[] }>).find(
      (c) => c.key === col.key,
    )
    const elements = [...(col.elements ?? [])]
    if (col.type !== 'enum' || !now || elements.every((e) => now.elements?.includes(e))) continue
    await db.updateEnumColumn({
      databaseId: DATABASE_ID,
      tableId: table.id,
      key: col.key,
      elements,
      required: !!col.required,
      // The SDK refuses an undefined default here (unlike on create): null when there is none.
      xdefault: (col.required ? null : (col.default ?? null)) as string | undefined,
    })
    console.log(`updated  column ${table.id}.${col.key}: ${elements.join(', ')}`)
  }
}

/**
 * Columns the schema no longer has stay readable under the table's permissions (e.g. the device
 * details that moved from status to the admin-only status_details). Deleting data is left to
 * the operator; this names what to delete.
 */
async function warnStaleColumns(table: TableSchema) {
  const { columns } = await db.listColumns({ databaseId: DATABASE_ID, tableId: table.id })
  const known = new Set(table.columns.map((c) => c.key))
  for (const { key } of columns as Array<{ key: string }>)
    if (!known.has(key))
      console.warn(
        `stale    column ${table.id}.${key}: not in shared/db-schema.ts; delete it (console, or tablesDB.deleteColumn) so its old values stop being readable`,
      )
}

await ensure(`database ${DATABASE_ID}`, () =>
  db.create({ databaseId: DATABASE_ID, name: 'Kathelia' }),
)
for (const table of Object.values(TABLES) as TableSchema[]) {
  await ensure(`table ${table.id}`, () =>
    db.createTable({
      databaseId: DATABASE_ID,
      tableId: table.id,
      name: table.name,
      permissions: table.permissions,
      rowSecurity: table.rowSecurity,
    }),
  )
  // An existing table gets the schema's permissions too (e.g. status became admin-read with
  // rowSecurity for presence privacy); the rows' own grants are set by the product API.
  await db.updateTable({
    databaseId: DATABASE_ID,
    tableId: table.id,
    name: table.name,
    permissions: table.permissions,
    rowSecurity: table.rowSecurity,
  })
  for (const col of table.columns)
    await ensure(`column ${table.id}.${col.key}`, () => createColumn(table.id, col))
  await waitForColumns(table)
  await widenEnums(table)
  await warnStaleColumns(table)
  for (const index of table.indexes)
    await ensure(`index ${table.id}.${index.key}`, () =>
      db.createIndex({
        databaseId: DATABASE_ID,
        tableId: table.id,
        key: index.key,
        type: index.type as never,
        columns: index.columns,
      }),
    )
}
await ensure(`bucket ${BUCKET.id}`, () =>
  storage.createBucket({
    bucketId: BUCKET.id,
    name: BUCKET.name,
    permissions: BUCKET.permissions,
    fileSecurity: BUCKET.fileSecurity,
    // The Worker's limit (FILE_MAX_BYTES, which the SPA checks before an upload) if set here too.
    maximumFileSize: process.env.FILE_MAX_BYTES ? Number(process.env.FILE_MAX_BYTES) : undefined,
  }),
)
for (const id of Object.values(TEAMS))
  await ensure(`team ${id}`, () => teams.create({ teamId: id, name: id }))
for (const seed of SEED_ROWS)
  await ensure(`row ${seed.tableId}/${seed.rowId}`, () =>
    db.createRow({
      databaseId: DATABASE_ID,
      tableId: seed.tableId,
      rowId: seed.rowId,
      data: seed.data,
    }),
  )
// Messages older than their searchText column: found by their text as read, as new ones are.
console.log(`updated  ${await backfillSearchText(db)} messages' searchText`)
console.log('Appwrite project is ready.')
