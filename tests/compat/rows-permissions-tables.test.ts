import { ID, Query } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { type TestUser } from './helpers/users'
import { asData, DB, keyTables, permissionUsers, uid, webDatabases, webTables } from './rows-setup'

// Table permissions without rowSecurity (rooms, logs) and the legacy Databases class, driven by
// the web SDK as signed-in users (a and b in team `user`, an outsider in no team, an admin in
// `user` and `admin`) and a guest. Row security (scans): rows-permissions.test.ts.
let a: TestUser, b: TestUser, outsider: TestUser, admin: TestUser
beforeAll(async () => void ([a, b, outsider, admin] = await permissionUsers()))

describe('team-readable table (rooms) without rowSecurity', () => {
  const home = { databaseId: DB, tableId: 'rooms', rowId: 'home' }

  it('members read; non-members and guests get 401 on lists and 404 on rows', async () => {
    const list = await webTables(a).listRows({ databaseId: DB, tableId: 'rooms' })
    expect(list.rows.map((r) => r.$id)).toContain('home')
    expect((await webTables(b).getRow(home)).name).toBe('Home')
    for (const who of [outsider, undefined]) {
      const e = await failure(webTables(who).listRows({ databaseId: DB, tableId: 'rooms' }))
      expect(e).toMatchObject({ code: 401, type: 'user_unauthorized' })
      expect(await failure(webTables(who).getRow(home))).toMatchObject({
        code: 404,
        type: 'row_not_found',
      })
    }
  })

  it('only the admin team may update; nobody but the key creates', async () => {
    const room = await keyTables().createRow({
      databaseId: DB,
      tableId: 'rooms',
      rowId: uid(),
      data: { name: 'R', hiddenName: `r-${uid()}`, color: '#000000' },
    })
    const at = { databaseId: DB, tableId: 'rooms', rowId: room.$id }
    expect(
      await failure(webTables(a).updateRow({ ...at, data: asData({ name: 'X' }) })),
    ).toMatchObject({
      code: 401,
      type: 'user_unauthorized',
    })
    expect((await webTables(admin).updateRow({ ...at, data: asData({ name: 'Y' }) })).name).toBe(
      'Y',
    )
    const create = webTables(admin).createRow({
      databaseId: DB,
      tableId: 'rooms',
      rowId: uid(),
      data: { name: 'N', hiddenName: `n-${uid()}`, color: '#000000' },
    })
    expect(await failure(create)).toMatchObject({ code: 401, type: 'user_unauthorized' })
    expect(await failure(webTables(admin).deleteRow(at))).toMatchObject({ code: 401 })
  })

  it('logs are for the admin team only', async () => {
    expect((await webTables(admin).listRows({ databaseId: DB, tableId: 'logs' })).total).toBeTypeOf(
      'number',
    )
    const e = await failure(webTables(a).listRows({ databaseId: DB, tableId: 'logs' }))
    expect(e).toMatchObject({ code: 401, type: 'user_unauthorized' })
  })
})

describe('the deprecated Databases class as a user', () => {
  it('applies the same rules with document names', async () => {
    const docs = webDatabases(a)
    const doc = await docs.createDocument({
      databaseId: DB,
      collectionId: 'bookmarks',
      documentId: ID.unique(),
      data: { url: 'https://example.com', title: 'Example' },
    })
    expectModel(doc, 'document')
    expect(doc.$collectionId).toBe('bookmarks')
    const at = { databaseId: DB, collectionId: 'bookmarks', documentId: doc.$id }
    expect((await docs.getDocument(at)).title).toBe('Example')
    expect(await failure(webDatabases(b).getDocument(at))).toMatchObject({
      code: 404,
      type: 'document_not_found',
    })
    const listB = await webDatabases(b).listDocuments({
      databaseId: DB,
      collectionId: 'bookmarks',
      queries: [Query.equal('$id', doc.$id)],
    })
    expectModel(listB, 'documentList')
    expect(listB.total).toBe(0)
    expect(
      await failure(webDatabases(b).updateDocument({ ...at, data: asData({ title: 'theirs' }) })),
    ).toMatchObject({ code: 401, type: 'user_unauthorized' })
    await docs.deleteDocument(at)
    expect(await failure(docs.getDocument(at))).toMatchObject({ type: 'document_not_found' })
  })
})
