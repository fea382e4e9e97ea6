import { Query, type Models, type TablesDB } from 'node-appwrite'
import { DATABASE_ID, TABLE_IDS } from '../shared/db-ids'
import { shownFileName } from '../shared/media-box'
import { FORMAT_MARKERS, searchTextOf } from '../shared/text-format'

const PAGE = 100
type Stored = {
  message: string
  fileType: string | null
  fileName: string | null
  fileDuration: number | null
}

/**
 * The Appwrite counterpart of the embedded backend's migration
 * (worker/appwrite-edge/db/backfill-search-text.ts): messages stored before the `searchText`
 * column held them get their search words: the text as read where formatting markers make it
 * differ, a file's name, so the room's search finds "see you" in an old "*see* you" and "report" in
 * its "report.pdf". Only rows without the column, with a marker's character or a file, are listed;
 * re-running it changes nothing more. Answers how many rows it wrote.
 */
export async function backfillSearchText(db: TablesDB): Promise<number> {
  const where = { databaseId: DATABASE_ID, tableId: TABLE_IDS.messages }
  let written = 0
  let after: string | undefined
  for (;;) {
    const { rows } = await db.listRows<Models.Row & Stored>({
      ...where,
      queries: [
        Query.isNull('searchText'),
        Query.or([
          ...[...FORMAT_MARKERS].map((ch) => Query.contains('message', ch)),
          Query.isNotNull('fileName'),
        ]),
        Query.select(['$id', 'message', 'fileType', 'fileName', 'fileDuration']),
        Query.limit(PAGE),
        // The cursor row may no longer match (it was just written); Appwrite pages from its place.
        ...(after ? [Query.cursorAfter(after)] : []),
      ],
      total: false,
    })
    for (const row of rows) {
      const file = shownFileName(row.fileType, row.fileName, row.fileDuration)
      const searchText = searchTextOf(row.message ?? '', file)
      if (searchText === null) continue
      await db.updateRow({ ...where, rowId: row.$id, data: { searchText } })
      written++
    }
    if (rows.length < PAGE) return written
    after = rows.at(-1)!.$id
  }
}
