import { SEED_ROWS, TEAMS } from '../../../shared/db-schema'
import type { Sql } from './sql'
import { isoNow } from './sql'

/** Creates the teams and fixed rows of the shared schema once; safe to run on every start. */
export function provision(sql: Sql): void {
  const now = isoNow()
  for (const id of Object.values(TEAMS))
    sql.run(
      'INSERT OR IGNORE INTO teams (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)',
      id,
      id,
      now,
      now,
    )
  for (const seed of SEED_ROWS)
    sql.run(
      `INSERT OR IGNORE INTO rows (table_id, id, data, permissions, created_at, updated_at)
       VALUES (?, ?, ?, '[]', ?, ?)`,
      seed.tableId,
      seed.rowId,
      JSON.stringify(seed.data),
      now,
      now,
    )
}
