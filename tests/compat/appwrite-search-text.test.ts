import { ID, Query, TablesDB, type Models } from 'node-appwrite'
import { describe, expect, it } from 'vitest'
import { backfillSearchText } from '../../scripts/appwrite-search-text'
import { keyClient } from './helpers/server-sdk'

// `npm run appwrite:setup`'s backfill of `searchText`, through node-appwrite against the embedded
// backend as the Appwrite project: rows written with the server key never get the column (only
// /api/message/add and /edit write it), as messages stored before it existed.
const DB = { databaseId: 'kathelia', tableId: 'messages' }
const db = () => new TablesDB(keyClient())
// A room of its own per run, so a retry on the same server starts from nothing.
const room = `backfill-${ID.unique()}`

const seed = (message: string, file = {}) =>
  db().createRow({
    ...DB,
    rowId: ID.unique(),
    data: { roomId: room, senderId: 'backfill-sender', message, ...file },
  })
const rowsOfRoom = async () =>
  (
    await db().listRows<Models.Row & { message: string; searchText: string | null }>({
      ...DB,
      queries: [Query.equal('roomId', room), Query.limit(500)],
    })
  ).rows
const updatedAt = async () =>
  Object.fromEntries((await rowsOfRoom()).map((r) => [r.$id, r.$updatedAt]))
const searchTexts = async () =>
  Object.fromEntries((await rowsOfRoom()).map((r) => [r.message, r.searchText]))

describe('searchText backfill on an Appwrite project', () => {
  it('gives old messages their text as read and a document its name, page after page, once', async () => {
    // More than one page of 100 that needs it, a text whose markers are only characters, a plain one.
    const marked = Array.from({ length: 130 }, (_, i) => `Meet *at the* _old bridge_ ${i}`)
    for (const m of [...marked, 'snake_case_name', 'plain words', '2 * 3 = 6']) await seed(m)
    // A document is found by its name; a photo is seen, not read by it.
    await seed('minutes', { fileName: 'minutes of May.pdf', fileType: 'application/pdf' })
    await seed('beach', { fileName: 'beach.png', fileType: 'image/png' })
    // Stored when the column held a caption as read only.
    const agenda = { fileName: 'agenda.pdf', fileType: 'application/pdf', searchText: 'see you' }
    await seed('*see* you', agenda)

    expect(await backfillSearchText(db())).toBeGreaterThanOrEqual(marked.length)
    const after = await searchTexts()
    for (const [i, m] of marked.entries()) expect(after[m]).toBe(`Meet at the old bridge ${i}`)
    expect(after['snake_case_name']).toBeNull()
    expect(after['plain words']).toBeNull()
    expect(after['2 * 3 = 6']).toBeNull()
    expect(after['minutes']).toBe('minutes of May.pdf')
    expect(after['beach']).toBeNull()
    expect(after['*see* you']).toBe('agenda.pdf\nsee you')

    // The room's search finds them by their text as read, as it does new ones.
    const found = await db().listRows({
      ...DB,
      queries: [
        Query.equal('roomId', room),
        Query.or([
          Query.contains('message', 'at the old bridge 12'),
          Query.contains('searchText', 'at the old bridge 12'),
        ]),
      ],
    })
    expect(found.rows.map((r) => r.message).sort()).toEqual(
      marked.filter((m) => m.endsWith(' 12') || /12\d$/.test(m)).sort(),
    )
    // A second run writes none of these again.
    const times = await updatedAt()
    await backfillSearchText(db())
    expect(await updatedAt()).toEqual(times)
  }, 60_000)
})
