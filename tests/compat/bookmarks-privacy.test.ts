import { ID, Permission, Query, Role } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { failure } from './helpers/failure'
import { type TestUser } from './helpers/users'
import { asData, DB, permissionUsers, uid, webTables } from './rows-setup'

// Bookmarks as the SPA writes them (web/features/bookmarks/bookmark-actions.ts): row permissions
// `user:<owner>` only. The partner (same team `user`), the admin and a guest can neither see,
// change nor remove them, nor plant one in the owner's list.
let a: TestUser, b: TestUser, admin: TestUser
beforeAll(async () => void ([a, b, , admin] = await permissionUsers()))

const ownerOnly = (id: string) => [
  Permission.read(Role.user(id)),
  Permission.update(Role.user(id)),
  Permission.delete(Role.user(id)),
]

const saveMessage = (user: TestUser, marker: string) =>
  webTables(user).createRow({
    databaseId: DB,
    tableId: 'bookmarks',
    rowId: ID.unique(),
    data: asData({
      kind: 'message',
      url: '/rooms/home',
      messageId: uid(),
      roomId: 'home',
      roomName: 'Home',
      senderId: user.id,
      senderName: 'Ada',
      excerpt: `remember ${marker}`,
      messageSeq: 7,
      messageAt: new Date().toISOString(),
    }),
    permissions: ownerOnly(user.id),
  })

describe('bookmarks are private to their owner', () => {
  it('hides a bookmark from the partner, the admin and a guest; only the owner changes it', async () => {
    const marker = uid()
    const row = await saveMessage(a, marker)
    expect(row.$permissions).toEqual(ownerOnly(a.id))
    const at = { databaseId: DB, tableId: 'bookmarks', rowId: row.$id }
    const search = [Query.or([Query.contains('excerpt', marker), Query.contains('note', marker)])]
    const mine = await webTables(a).listRows({
      databaseId: DB,
      tableId: 'bookmarks',
      queries: search,
    })
    expect(mine.rows.map((r) => r.$id)).toEqual([row.$id])
    for (const other of [b, admin, undefined]) {
      expect(await failure(webTables(other).getRow(at))).toMatchObject({ code: 404 })
      const list = await webTables(other).listRows({
        databaseId: DB,
        tableId: 'bookmarks',
        queries: search,
      })
      expect(list).toEqual({ total: 0, rows: [] })
    }
    for (const other of [b, admin]) {
      const upd = await failure(webTables(other).updateRow({ ...at, data: asData({ note: 'x' }) }))
      expect(upd).toMatchObject({ code: 401, type: 'user_unauthorized' })
      expect(await failure(webTables(other).deleteRow(at))).toMatchObject({
        code: 401,
        type: 'user_unauthorized',
      })
    }
    expect((await webTables(a).getRow(at)).note ?? '').toBe('')
    await webTables(a).deleteRow(at)
    expect(await failure(webTables(a).getRow(at))).toMatchObject({ code: 404 })
  })

  it('refuses a bookmark the partner tries to plant in the owner’s list', async () => {
    const planted = await failure(
      webTables(b).createRow({
        databaseId: DB,
        tableId: 'bookmarks',
        rowId: ID.unique(),
        data: asData({ kind: 'link', url: 'https://example.com/', title: 'from b' }),
        permissions: ownerOnly(a.id),
      }),
    )
    expect(planted).toMatchObject({ code: 401, type: 'user_unauthorized' })
  })

  it('refuses a guest and a value outside the columns’ limits', async () => {
    const guest = await failure(
      webTables(undefined).createRow({
        databaseId: DB,
        tableId: 'bookmarks',
        rowId: ID.unique(),
        data: asData({ url: 'https://example.com/' }),
      }),
    )
    expect(guest).toMatchObject({ code: 401 })
    const tooLong = await failure(
      webTables(a).createRow({
        databaseId: DB,
        tableId: 'bookmarks',
        rowId: ID.unique(),
        data: asData({ kind: 'message', url: '/rooms/home', excerpt: 'x'.repeat(301) }),
        permissions: ownerOnly(a.id),
      }),
    )
    expect(tooLong).toMatchObject({ code: 400, type: 'row_invalid_structure' })
  })
})
