import { Query } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  messageBookmarkId,
  ownerOnly,
  saveMessageBookmark,
} from '../../web/features/bookmarks/save-once'
import { failure } from './helpers/failure'
import { type TestUser } from './helpers/users'
import { asData, DB, permissionUsers, uid, webTables } from './rows-setup'

// Saving the same message twice keeps one bookmark (web/features/bookmarks/save-once.ts, the
// SPA's own write with the web SDK): the row id is derived from owner and message, so the
// backend's primary key refuses the second one. Each owner still gets one of their own.
let a: TestUser, b: TestUser
beforeAll(async () => void ([a, b] = await permissionUsers()))

const copy = (messageId: string, excerpt: string) => ({
  kind: 'message',
  url: '/rooms/home',
  messageId,
  roomId: 'home',
  roomName: 'Home',
  senderId: 'someone',
  senderName: 'Ben',
  excerpt,
  messageSeq: 3,
  messageAt: new Date().toISOString(),
})

const savedOf = async (user: TestUser, messageId: string) =>
  (
    await webTables(user).listRows({
      databaseId: DB,
      tableId: 'bookmarks',
      queries: [Query.equal('messageId', messageId)],
    })
  ).rows

describe('a message is bookmarked once per owner', () => {
  it('answers created, then not created; one row stays, unchanged', async () => {
    const messageId = uid()
    const rowId = await messageBookmarkId(a.id, messageId)
    expect(await saveMessageBookmark(webTables(a), a.id, copy(messageId, 'first'))).toEqual({
      created: true,
      rowId,
    })
    expect(await saveMessageBookmark(webTables(a), a.id, copy(messageId, 'second'))).toEqual({
      created: false,
      rowId,
    })
    const rows = await savedOf(a, messageId)
    expect(rows.map((r) => [r.$id, r.excerpt])).toEqual([[rowId, 'first']])
    expect(rows[0]!.$permissions).toEqual(ownerOnly(a.id))
  })

  it('two saves at once still leave one row', async () => {
    const messageId = uid()
    const both = await Promise.all(
      [1, 2].map(() => saveMessageBookmark(webTables(a), a.id, copy(messageId, 'race'))),
    )
    expect(both.map((r) => r.created).sort()).toEqual([false, true])
    expect(await savedOf(a, messageId)).toHaveLength(1)
  })

  it('keeps owners apart: the partner saves the same message as a bookmark of their own', async () => {
    const messageId = uid()
    await saveMessageBookmark(webTables(a), a.id, copy(messageId, 'a'))
    expect(await saveMessageBookmark(webTables(b), b.id, copy(messageId, 'b'))).toEqual({
      created: true,
      rowId: await messageBookmarkId(b.id, messageId),
    })
    expect((await savedOf(a, messageId)).map((r) => r.excerpt)).toEqual(['a'])
    expect((await savedOf(b, messageId)).map((r) => r.excerpt)).toEqual(['b'])
  })

  it("a row the partner put under the owner's bookmark id does not keep the owner from saving", async () => {
    const messageId = uid()
    // Both ids are known to the partner, so the derived id is too.
    await webTables(b).createRow({
      databaseId: DB,
      tableId: 'bookmarks',
      rowId: await messageBookmarkId(a.id, messageId),
      data: asData(copy(messageId, 'squatter')),
      permissions: ownerOnly(b.id),
    })
    const mine = await saveMessageBookmark(webTables(a), a.id, copy(messageId, 'mine'))
    expect(mine.created).toBe(true)
    const saved = await savedOf(a, messageId)
    expect(saved.map((r) => [r.$id, r.excerpt])).toEqual([[mine.rowId, 'mine']])
    expect(mine.rowId).not.toBe(await messageBookmarkId(a.id, messageId))
    expect(await saveMessageBookmark(webTables(a), a.id, copy(messageId, 'again'))).toEqual({
      created: false,
      rowId: mine.rowId,
    })
    expect((await savedOf(a, messageId)).map((r) => r.excerpt)).toEqual(['mine'])
  })

  it('a plain create with the same id is refused with row_already_exists', async () => {
    const messageId = uid()
    await saveMessageBookmark(webTables(a), a.id, copy(messageId, 'x'))
    const again = await failure(
      webTables(a).createRow({
        databaseId: DB,
        tableId: 'bookmarks',
        rowId: await messageBookmarkId(a.id, messageId),
        data: asData(copy(messageId, 'y')),
        permissions: ownerOnly(a.id),
      }),
    )
    expect(again).toMatchObject({ code: 409, type: 'row_already_exists' })
  })
})
