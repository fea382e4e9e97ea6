import { ID, Permission, Query, Role } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { type TestUser } from './helpers/users'
import { asData, DB, keyTables, permissionUsers, uid, webTables } from './rows-setup'

// Table permissions and rowSecurity as Appwrite applies them, driven by the web SDK as signed-in
// users (a and b in team `user`, an outsider in no team, an admin in `user` and `admin`) and a guest.
let a: TestUser, b: TestUser, outsider: TestUser, admin: TestUser
beforeAll(async () => void ([a, b, outsider, admin] = await permissionUsers()))

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
      const e = await failure(webTables(other).getRow(at))
      expect(e).toMatchObject({ code: 404, type: 'row_not_found' })
      const list = await webTables(other).listRows({
        databaseId: DB,
        tableId: 'scans',
        queries: [Query.equal('target', row.target as string)],
      })
      expect(list).toEqual({ total: 0, rows: [] })
    }
    for (const other of [b, undefined]) {
      const upd = await failure(
        webTables(other).updateRow({ ...at, data: asData({ summary: 'x' }) }),
      )
      expect(upd).toMatchObject({ code: 401, type: 'user_unauthorized' })
      const del = await failure(webTables(other).deleteRow(at))
      expect(del).toMatchObject({ code: 401, type: 'user_unauthorized' })
      const ups = await failure(
        webTables(other).upsertRow({ ...at, data: asData({ summary: 'x' }) }),
      )
      expect(ups).toMatchObject({ code: 401, type: 'user_unauthorized' })
    }
    const updated = await webTables(a).updateRow({ ...at, data: asData({ summary: 'mine' }) })
    expect(updated).toMatchObject({ summary: 'mine', $permissions: row.$permissions })
    await webTables(a).deleteRow(at)
    expect(await failure(webTables(a).getRow(at))).toMatchObject({ code: 404 })
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
    const e = await failure(scan(a, { permissions: [Permission.read(Role.user(b.id))] }))
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
    expect(await failure(webTables(outsider).getRow(at))).toMatchObject({ code: 404 })
    const open = await scan(a, { permissions: [Permission.read(Role.any())] })
    const guestView = await webTables().getRow({
      databaseId: DB,
      tableId: 'scans',
      rowId: open.$id,
    })
    expect(guestView.$permissions).toEqual(['read("any")'])
    const bad = await failure(scan(a, { permissions: ['create("any")'] }))
    expect(bad).toMatchObject({ code: 400, type: 'general_argument_invalid' })
  })

  it('refuses create without the table’s create permission', async () => {
    for (const who of [outsider, undefined]) {
      const e = await failure(scan(who))
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
    const e = await failure(
      webTables(a).getRow({ databaseId: DB, tableId: 'scans', rowId: row.$id }),
    )
    expect(e.code).toBe(404)
  })
})
