import { afterEach, describe, expect, it } from 'vitest'
import { expectModel } from './helpers/openapi'
import { acked, createRoom, disconnectAll, inbox, live, table, USER_TEAM } from './helpers/realtime'
import { newUser } from './helpers/users'
import { asData, DB, keyDatabases, keyTables, uid, webTables } from './rows-setup'

// The realtime side of row writes: every write through either API family fans out with Appwrite's
// event names (42), its 16 channels, the row model as payload, and the readers' roles only.
afterEach(disconnectAll)

async function listen(session: string, channel: string) {
  const rt = live(session)
  const got = inbox()
  await rt.subscribe(channel, got.push)
  await acked(rt, channel)
  return got
}

describe('row write events', () => {
  it('create, update, upsert and delete each publish their action', async () => {
    const member = await newUser({ teams: [USER_TEAM] })
    const got = await listen(member.session, 'rows')
    const id = uid()
    const t = keyTables()
    const at = { databaseId: DB, tableId: 'rooms', rowId: id }
    const data = { name: 'Evented', hiddenName: `ev-${id}`, color: '#123456' }
    await t.createRow({ ...at, data })
    await t.updateRow({ ...at, data: asData({ name: 'Renamed' }) })
    await t.upsertRow({ ...at, data: asData({ color: '#654321' }) })
    await t.deleteRow(at)
    const actions = ['create', 'update', 'upsert', 'delete']
    for (const [i, action] of actions.entries()) {
      const e = await got.nth(i + 1)
      expect(e.events[0]).toBe(`databases.${DB}.tables.rooms.rows.${id}.${action}`)
      expect(e.events).toHaveLength(42)
      expect(e.events).toContain(`databases.*.collections.*.documents.*.${action}`)
      expect(e.channels).toHaveLength(16)
      expect(e.channels).toEqual(
        expect.arrayContaining([
          'rows',
          `rows.${action}`,
          `documents.${action}`,
          `tablesdb.${DB}.tables.rooms.rows.${id}.${action}`,
          `databases.${DB}.collections.rooms.documents.${id}`,
        ]),
      )
      expectModel(e.payload, 'row')
      expect(e.payload).toMatchObject({ $id: id, $tableId: 'rooms' })
    }
    expect((await got.nth(2)).payload.name).toBe('Renamed')
    expect((await got.nth(4)).payload).toMatchObject({ name: 'Renamed', color: '#654321' })
  })

  it('legacy writes name the event in collection terms first; the payload is the row', async () => {
    const member = await newUser({ teams: [USER_TEAM] })
    const got = await listen(member.session, `databases.${DB}.collections.rooms.documents`)
    const id = uid()
    await keyDatabases().createDocument({
      databaseId: DB,
      collectionId: 'rooms',
      documentId: id,
      data: { name: 'Legacy', hiddenName: `lg-${id}`, color: '#000000' },
    })
    const e = await got.nth(1)
    expect(e.events[0]).toBe(`databases.${DB}.collections.rooms.documents.${id}.create`)
    expect(e.events).toContain(`databases.${DB}.tables.rooms.rows.${id}.create`)
    expect(e.payload).toMatchObject({ $id: id, $tableId: 'rooms', name: 'Legacy' })
  })

  it('a rowSecurity row reaches only the roles that may read it', async () => {
    const [owner, other] = await Promise.all([
      newUser({ teams: [USER_TEAM] }),
      newUser({ teams: [USER_TEAM] }),
    ])
    const mine = await listen(owner.session, 'rows')
    const theirs = await listen(other.session, 'rows')
    const scan = await webTables(owner).createRow({
      databaseId: DB,
      tableId: 'scans',
      rowId: uid(),
      data: { target: 'https://example.test/private' },
    })
    const room = await createRoom()
    expect((await mine.nth(1)).payload.$id).toBe(scan.$id)
    expect((await mine.nth(2)).payload.$id).toBe(room.$id)
    // One socket gets its events in order: had the scan reached `other`, it would come first.
    expect((await theirs.nth(1)).payload.$id).toBe(room.$id)
  })

  it('subscribers of one row channel get only that row', async () => {
    const member = await newUser({ teams: [USER_TEAM] })
    const target = await createRoom()
    const got = await listen(member.session, `${table('rooms')}.${target.$id}`)
    await createRoom()
    await keyTables().updateRow({
      databaseId: DB,
      tableId: 'rooms',
      rowId: target.$id,
      data: asData({ name: 'Only me' }),
    })
    const e = await got.nth(1)
    expect(e.payload).toMatchObject({ $id: target.$id, name: 'Only me' })
    expect(got.events).toHaveLength(1)
  })
})
