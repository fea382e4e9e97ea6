import { ID, Permission, Query, Role } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  asData,
  DB,
  expectModel,
  keyTables,
  newUser,
  refusal,
  uid,
  webDatabases,
  webTables,
  type TestUser,
} from './rows-setup'

// Table permissions and rowSecurity as Appwrite applies them, driven by the web SDK as signed-in
// users (a and b in team `user`, an outsider in no team, an admin in `user` and `admin`) and a guest.
let a: TestUser
let b: TestUser
let outsider: TestUser
let admin: TestUser

beforeAll(async () => {
  ;[a, b, outsider, admin] = await Promise.all([
    newUser({ teams: ['user'] }),
    newUser({ teams: ['user'] }),
    newUser(),
    newUser({ teams: ['user', 'admin'] }),
  ])
})

const scan = (
  user: TestUser | undefined,
  extra: { permissions?: string[]; target?: string } = {},
) =>
  webTables(user).createRow({
    databaseId: DB,
    tableId: 'scans',
    rowId: ID.unique(),
    data: { target: extra.target ?? `t-${uid()}` },
    permissions: extra.permissions,
  })

describe('rowSecurity table (scans): rows are their owner’s', () => {
  it('gives the creator read/update/delete by default and hides the row from others', async () => {
    const row = await scan(a)
    expectModel(row, 'row')
    expect(row.$permissions).toEqual([
      `read("user:${a.id}")`,
      `update("user:${a.id}")`,
      `delete("user:${a.id}")`,
    ])
    const at = { databaseId: DB, tableId: 'scans', rowId: row.$id }
    expect((await webTables(a).getRow(at)).$id).toBe(row.$id)
    for (const other of [b, admin, undefined]) {
      const e = await refusal(webTables(other).getRow(at))
      expect(e).toMatchObject({ code: 404, type: 'row_not_found' })
      const list = await webTables(other).listRows({
        databaseId: DB,
        tableId: 'scans',
        queries: [Query.equal('target', row.target as string)],
      })
      expect(list).toEqual({ total: 0, rows: [] })
    }
    for (const other of [b, undefined]) {
      const upd = await refusal(
        webTables(other).updateRow({ ...at, data: asData({ summary: 'x' }) }),
      )
      expect(upd).toMatchObject({ code: 401, type: 'user_unauthorized' })
      const del = await refusal(webTables(other).deleteRow(at))
      expect(del).toMatchObject({ code: 401, type: 'user_unauthorized' })
      const ups = await refusal(
        webTables(other).upsertRow({ ...at, data: asData({ summary: 'x' }) }),
      )
      expect(ups).toMatchObject({ code: 401, type: 'user_unauthorized' })
    }
    const updated = await webTables(a).updateRow({ ...at, data: asData({ summary: 'mine' }) })
    expect(updated).toMatchObject({ summary: 'mine', $permissions: row.$permissions })
    await webTables(a).deleteRow(at)
    expect(await refusal(webTables(a).getRow(at))).toMatchObject({ code: 404 })
  })

  it('filters lists and totals to readable rows, across cursor pages', async () => {
    const target = `page-${uid()}`
    for (let i = 0; i < 3; i++) await scan(a, { target })
    await scan(b, { target })
    const base = [Query.equal('target', target), Query.limit(2)]
    const first = await webTables(a).listRows({ databaseId: DB, tableId: 'scans', queries: base })
    expectModel(first, 'rowList')
    expect(first.total).toBe(3)
    expect(first.rows).toHaveLength(2)
    const last = first.rows[1].$id
    const next = await webTables(a).listRows({
      databaseId: DB,
      tableId: 'scans',
      queries: [...base, Query.cursorAfter(last)],
    })
    expect(next.rows).toHaveLength(1)
    expect(next.rows[0].$permissions).toContain(`read("user:${a.id}")`)
    const ofB = await webTables(b).listRows({ databaseId: DB, tableId: 'scans', queries: base })
    expect(ofB.total).toBe(1)
  })

  it('lets a user grant only roles it holds; write means update + delete', async () => {
    const e = await refusal(scan(a, { permissions: [Permission.read(Role.user(b.id))] }))
    expect(e).toMatchObject({ code: 401, type: 'user_unauthorized' })
    expect(e.message).toMatch(/^Permissions must be one of: \(any, users, .*user:/)
    expect(e.message).toContain(`user:${a.id}`)
    expect(e.message).not.toContain(`user:${b.id}`)
    const shared = await scan(a, {
      permissions: [Permission.read(Role.team('user')), Permission.write(Role.user(a.id))],
    })
    expect(shared.$permissions).toEqual([
      'read("team:user")',
      `update("user:${a.id}")`,
      `delete("user:${a.id}")`,
    ])
    const at = { databaseId: DB, tableId: 'scans', rowId: shared.$id }
    expect((await webTables(b).getRow(at)).$id).toBe(shared.$id)
    expect(await refusal(webTables(outsider).getRow(at))).toMatchObject({ code: 404 })
    const open = await scan(a, { permissions: [Permission.read(Role.any())] })
    const guestView = await webTables().getRow({
      databaseId: DB,
      tableId: 'scans',
      rowId: open.$id,
    })
    expect(guestView.$permissions).toEqual(['read("any")'])
    const bad = await refusal(scan(a, { permissions: ['create("any")'] }))
    expect(bad).toMatchObject({ code: 400, type: 'general_argument_invalid' })
  })

  it('refuses create without the table’s create permission', async () => {
    for (const who of [outsider, undefined]) {
      const e = await refusal(scan(who))
      expect(e).toMatchObject({ code: 401, type: 'user_unauthorized' })
    }
  })

  it('key-created rows get no permissions and stay invisible to users', async () => {
    const row = await keyTables().createRow({
      databaseId: DB,
      tableId: 'scans',
      rowId: uid(),
      data: { target: 'server' },
    })
    expect(row.$permissions).toEqual([])
    const e = await refusal(
      webTables(a).getRow({ databaseId: DB, tableId: 'scans', rowId: row.$id }),
    )
    expect(e.code).toBe(404)
  })
})

describe('team-readable table (rooms) without rowSecurity', () => {
  const home = { databaseId: DB, tableId: 'rooms', rowId: 'home' }

  it('members read; non-members and guests get 401 on lists and 404 on rows', async () => {
    const list = await webTables(a).listRows({ databaseId: DB, tableId: 'rooms' })
    expect(list.rows.map((r) => r.$id)).toContain('home')
    expect((await webTables(b).getRow(home)).name).toBe('Home')
    for (const who of [outsider, undefined]) {
      const e = await refusal(webTables(who).listRows({ databaseId: DB, tableId: 'rooms' }))
      expect(e).toMatchObject({ code: 401, type: 'user_unauthorized' })
      expect(await refusal(webTables(who).getRow(home))).toMatchObject({
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
      await refusal(webTables(a).updateRow({ ...at, data: asData({ name: 'X' }) })),
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
    expect(await refusal(create)).toMatchObject({ code: 401, type: 'user_unauthorized' })
    expect(await refusal(webTables(admin).deleteRow(at))).toMatchObject({ code: 401 })
  })

  it('logs are for the admin team only', async () => {
    expect((await webTables(admin).listRows({ databaseId: DB, tableId: 'logs' })).total).toBeTypeOf(
      'number',
    )
    const e = await refusal(webTables(a).listRows({ databaseId: DB, tableId: 'logs' }))
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
    expect(await refusal(webDatabases(b).getDocument(at))).toMatchObject({
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
      await refusal(webDatabases(b).updateDocument({ ...at, data: asData({ title: 'theirs' }) })),
    ).toMatchObject({ code: 401, type: 'user_unauthorized' })
    await docs.deleteDocument(at)
    expect(await refusal(docs.getDocument(at))).toMatchObject({ type: 'document_not_found' })
  })
})
