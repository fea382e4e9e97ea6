import { Query, type Models, type TablesDB } from 'node-appwrite'
import { DATABASE_ID, TABLE_IDS } from '../shared/db-ids'
import { FORMAT_MARKERS, rowSearchText } from '../shared/text-format'

const PAGE = 100
type Stored = {
  message: string
  searchText: string | null
  fileType: string | null
  fileName: string | null
  fileDuration: number | null
}

/**
 * The Appwrite counterpart of the embedded backend's migration
 * (worker/appwrite-edge/db/backfill-search-text.ts): messages stored before the `searchText`
 * column held them get their search words: the text as read where formatting markers make it
 * differ, a file's name, so the room's search finds "see you" in an old "*see* you" and "report" in
 * its "report.pdf". Listed: rows without the column whose text has a marker's character, and rows
 * with a file; written where it changes, so re-running it writes nothing. Answers how many it wrote.
 */
export async function backfillSearchText(db: TablesDB): Promise<number> {
  const where = { databaseId: DATABASE_ID, tableId: TABLE_IDS.messages }
  let written = 0
  let after: string | undefined
  for (;;) {
    const { rows } = await db.listRows<Models.Row & Stored>({
      ...where,
      queries: [
        Query.or([
          Query.and([
            Query.isNull('searchText'),
            Query.or([...FORMAT_MARKERS].map((ch) => Query.contains('message', ch))),
          ]),
          // Its column may hold its caption as read only, from before it held names.
          Query.isNotNull('fileName'),
        ]),
        Query.select(['$id', 'message', 'searchText', 'fileType', 'fileName', 'fileDuration']),
        Query.limit(PAGE),
        // The cursor row may no longer match (it was just written); Appwrite pages from its place.
        ...(after ? [Query.cursorAfter(after)] : []),
      ],
      total: false,
    })
    for (const row of rows) {
      const searchText = rowSearchText(row.message ?? '', row)
      if (searchText === (row.searchText ?? null)) continue
      await db.updateRow({ ...where, rowId: row.$id, data: { searchText } })
      written++
    }
    if (rows.length < PAGE) return written
    after = rows.at(-1)!.$id
  }
}
