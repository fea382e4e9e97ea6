import { ID, Query, TablesDB } from 'node-appwrite'
import { describe, expect, it } from 'vitest'
import { FORM_TEXTS } from '../../shared/form-texts'
import { adapters, answerOf, keyClient } from './api-setup'
import { expect401, expectError, poster, useRoutesWorld } from './api-routes-setup'

// What users write through /api: the audit log, messages and rooms, through both adapters.
const world = useRoutesWorld()

describe.each(adapters(() => world.pair))('/api content with the %s adapter', (mode, url) => {
  const post = poster(world, url)
  const tables = () => new TablesDB(keyClient(world.pair.a.url))

  it('/system/log: written with the server key, as the caller', async () => {
    const { ada, ben } = world
    const r = await post(
      '/system/log',
      { section: 'auth', action: 'test', description: `from ${mode}`, data: { n: 1 } },
      ben,
    )
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    const row = await tables().getRow({
      databaseId: 'kathelia',
      tableId: 'logs',
      rowId: r.body.$id,
    })
    expect(row).toMatchObject({ section: 'auth', action: 'test', userId: ben.id, data: '{"n":1}' })
    expectError(
      await post(
        '/system/log',
        { section: 's', action: 'a', description: 'd', userId: ada.id },
        ben,
      ),
      403,
    )
    await expect401(url(), '/system/log', { section: 's', action: 'a', description: 'd' })
    expectError(await post('/system/log', { action: 'a', description: 'd' }, ben), 400)
  })

  it('refuses a body over 64 KiB with 413 in the { code, message } shape, also when chunked', async () => {
    const { ben } = world
    const big = { section: 's', action: 'a', description: 'd', data: 'x'.repeat(65 * 1024) }
    const tooLarge = {
      code: 'payload_too_large',
      message: 'The request body is larger than 64 KiB',
    }
    expect(expectError(await post('/system/log', big, ben), 413)).toEqual(tooLarge)
    const chunked = await fetch(`${url()}/api/system/log`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${world.jwt[ben.email]}`,
      },
      body: new Blob([JSON.stringify(big)]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(expectError(await answerOf(chunked), 413)).toEqual(tooLarge)
  })

  it('/message/add: as the caller, kind user, a retried clientId never duplicates', async () => {
    const { ada, ben } = world
    const clientId = ID.unique()
    const body = { roomId: 'home', message: `hello from ${mode}`, clientId }
    const first = await post('/message/add', body, ben)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ roomId: 'home', senderId: ben.id, kind: 'user', clientId })
    const again = await Promise.all([
      post('/message/add', body, ben),
      post('/message/add', body, ben),
    ])
    for (const r of again) expect([r.status, r.body.$id]).toEqual([200, first.body.$id])
    const rows = await tables().listRows({
      databaseId: 'kathelia',
      tableId: 'messages',
      queries: [Query.equal('clientId', clientId)],
    })
    expect(rows.total).toBe(1)
    expectError(await post('/message/add', { roomId: 'no-such-room', message: 'x' }, ben), 404)
    const gone = await tables().createRow({
      databaseId: 'kathelia',
      tableId: 'rooms',
      rowId: ID.unique(),
      data: { name: 'Gone', hiddenName: `gone-${mode}`, color: '#000000', isDeleted: true },
    })
    expect(
      expectError(await post('/message/add', { roomId: gone.$id, message: 'x' }, ben), 409),
    ).toEqual({ code: 'conflict', message: 'This room has been deleted' })
    await expect401(url(), '/message/add', body)
    expectError(await post('/message/add', { roomId: 'home', message: '   ' }, ben), 400)
    // A client cannot claim another sender or a system notice: those fields are ignored.
    const spoof = await post(
      '/message/add',
      { roomId: 'home', message: 'x', kind: 'system', senderId: ada.id },
      ben,
    )
    expect(spoof.body).toMatchObject({ kind: 'user', senderId: ben.id })
  })

  it('/room/add: the unique key comes from the name; a duplicate name → 409', async () => {
    const { ada, ben } = world
    const r = await post(
      '/room/add',
      { name: `Trips ${mode}`, hiddenName: ` Trips ${mode} `, color: '#A1B2C3' },
      ben,
    )
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({
      state: true,
      room: { name: `Trips ${mode}`, hiddenName: `trips-${mode}`, color: '#a1b2c3' },
    })
    // The same name up to case and spacing, with or without a hiddenName: taken.
    for (const body of [
      { name: ` TRIPS   ${mode}`, color: '#000000' },
      { name: `trips ${mode}`, hiddenName: `trips-${mode}`, color: '#000000' },
    ])
      expect(expectError(await post('/room/add', body, ada), 409)).toEqual({
        code: 'conflict',
        message: `A room named “${body.name.trim()}” already exists. Please choose another name.`,
      })
    // A hiddenName that is not the name's key is refused, whichever key it names.
    for (const hiddenName of [`trips-${mode}`, 'something-else']) {
      const mismatch = expectError(
        await post('/room/add', { name: `Plans ${mode}`, hiddenName, color: '#000000' }, ada),
        400,
      )
      expect(mismatch.message).toContain(`hiddenName: must be the room's name in normalised form`)
    }
    const plans = await post('/room/add', { name: `Plans ${mode}`, color: '#000000' }, ada)
    expect(plans.body.room).toMatchObject({ name: `Plans ${mode}`, hiddenName: `plans-${mode}` })
    await expect401(url(), '/room/add', { name: 'x', hiddenName: 'x', color: '#000000' })
    expect(
      expectError(
        await post('/room/add', { name: ' ', hiddenName: 'y', color: '#000000' }, ben),
        400,
      ).message,
    ).toContain(FORM_TEXTS.createRoomFieldsRequired)
    expectError(await post('/room/add', { name: 'y', hiddenName: 'y', color: 'red' }, ben), 400)
  })
})
