import { ID, Query } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { failure } from './helpers/failure'
import { newUser, type TestUser } from './helpers/users'
import { DB, webDatabases, webTables } from './rows-setup'

// A cursor is a row id whose column values decide where the page starts. A row the caller cannot
// read must not serve as one: its values would leak through which rows come after it.
let a: TestUser
let b: TestUser

beforeAll(async () => {
  ;[a, b] = await Promise.all([newUser({ teams: ['user'] }), newUser({ teams: ['user'] })])
})

// The shared server holds other files' scans (some readable by everyone): this file's targets
// carry their own prefix, and the lists below see only those.
const P = `cursor-${ID.unique()}-`

const scan = (user: TestUser, target: string) =>
  webTables(user).createRow({
    databaseId: DB,
    tableId: 'scans',
    rowId: ID.unique(),
    data: { target: P + target },
  })

const targets = async (user: TestUser, ...queries: string[]) =>
  (
    await webTables(user).listRows({
      databaseId: DB,
      tableId: 'scans',
      queries: [Query.startsWith('target', P), Query.orderAsc('target'), ...queries],
    })
  ).rows.map((r) => (r.target as string).slice(P.length))

describe('cursors over rows the caller cannot read', () => {
  it("refuses B's cursor on A's private row exactly like an unknown row", async () => {
    const secret = await scan(a, 'm')
    for (const t of ['l', 'n', 'z']) await scan(b, t)
    expect(await targets(b)).toEqual(['l', 'n', 'z'])

    for (const cursor of [Query.cursorAfter(secret.$id), Query.cursorBefore(secret.$id)]) {
      const e = await failure(targets(b, cursor))
      expect(e).toMatchObject({
        code: 400,
        type: 'general_cursor_not_found',
        message: `Row '${secret.$id}' for the 'cursor' value not found.`,
      })
    }
    const unknown = await failure(targets(b, Query.cursorAfter('no-such-row')))
    expect(unknown).toMatchObject({ code: 400, type: 'general_cursor_not_found' })

    // The legacy documents route shares the lookup.
    const legacy = await failure(
      webDatabases(b).listDocuments({
        databaseId: DB,
        collectionId: 'scans',
        queries: [Query.cursorAfter(secret.$id)],
      }),
    )
    expect(legacy).toMatchObject({ code: 400, type: 'general_cursor_not_found' })
  })

  it('still pages from a row the caller may read', async () => {
    const own = await scan(a, 'b')
    await scan(a, 'c')
    expect(await targets(a, Query.cursorAfter(own.$id))).toContain('c')
    expect(await targets(a, Query.cursorAfter(own.$id))).not.toContain('b')
  })
})
