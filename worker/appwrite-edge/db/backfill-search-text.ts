import { TABLE_IDS } from '../../../shared/db-ids'
import { FORMAT_MARKERS, searchTextOf } from '../../../shared/text-format'
import type { Sql } from './sql'

/**
 * Gives the messages stored before the `searchText` column existed their text as read where
 * formatting markers make it differ (shared/db-schema.ts), so the room's search finds "see you"
 * in an old "*see* you" as in a new one. Only texts with a marker's character are read back.
 */
export function backfillSearchText(sql: Sql): void {
  const marked = [...FORMAT_MARKERS].map((ch) => `instr(message, '${ch}')`).join(' OR ')
  const rows = sql.all<{ seq: number; message: unknown }>(
    `WITH m AS (
       SELECT seq, json_extract(data, '$.message') AS message, data FROM rows WHERE table_id = ?
     )
     SELECT seq, message FROM m WHERE json_extract(data, '$.searchText') IS NULL
       AND (${marked})`,
    TABLE_IDS.messages,
  )
  for (const { seq, message } of rows) {
    const text = typeof message === 'string' ? searchTextOf(message) : null
    if (text !== null)
      sql.run("UPDATE rows SET data = json_set(data, '$.searchText', ?) WHERE seq = ?", text, seq)
  }
}
