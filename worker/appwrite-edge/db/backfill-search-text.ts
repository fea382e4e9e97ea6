import { TABLE_IDS } from '../../../shared/db-ids'
import { FORMAT_MARKERS, rowSearchText } from '../../../shared/text-format'
import type { Sql } from './sql'

type Stored = {
  seq: number
  message: unknown
  type: unknown
  name: unknown
  ms: unknown
  had: unknown
}
const str = (v: unknown) => (typeof v === 'string' ? v : null)

/**
 * Gives the messages stored before the `searchText` column held it their search words
 * (shared/db-schema.ts): the text as read where formatting markers make it differ, a file's name,
 * so the room's search finds "see you" in an old "*see* you" and "minutes" in its "minutes.pdf"
 * as in new ones. Read back: rows without the column whose text has a marker's character, and
 * rows with a file (whose column may hold their caption as read only); written where it changes.
 */
export function backfillSearchText(sql: Sql): void {
  const marked = [...FORMAT_MARKERS].map((ch) => `instr(message, '${ch}')`).join(' OR ')
  const rows = sql.all<Stored>(
    `WITH m AS (
       SELECT seq, json_extract(data, '$.message') AS message, json_extract(data, '$.fileName') AS name,
         json_extract(data, '$.fileType') AS type, json_extract(data, '$.fileDuration') AS ms,
         json_extract(data, '$.searchText') AS had
       FROM rows WHERE table_id = ?
     )
     SELECT seq, message, type, name, ms, had FROM m
     WHERE (had IS NULL AND (${marked})) OR name IS NOT NULL`,
    TABLE_IDS.messages,
  )
  for (const { seq, message, type, name, ms, had } of rows) {
    const text = rowSearchText(str(message) ?? '', {
      fileType: str(type),
      fileName: str(name),
      fileDuration: typeof ms === 'number' ? ms : null,
    })
    if (text !== (had ?? null))
      sql.run("UPDATE rows SET data = json_set(data, '$.searchText', ?) WHERE seq = ?", text, seq)
  }
}
