import { TablesDB } from 'node-appwrite'
import { describe, expect, it } from 'vitest'
import { keyClient } from './api-setup'
import { expectError, poster, useRoutesWorld } from './api-routes-setup'

// The partner's activity for the admin (spec §6), sent with the heartbeat and worded by the
// server, through both adapters. Ada is the admin, Ben her partner.
const world = useRoutesWorld()

describe.each([
  ['embedded', () => world.pair.a.url],
  ['appwrite', () => world.pair.b.url],
] as const)('activity with the %s adapter', (_mode, url) => {
  const post = poster(world, url)
  const beat = async (activity: unknown, presence = 'online') => {
    const r = await post('/presence/heartbeat', { presence, activity }, world.ben)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
  }
  const seenByAdmin = async () =>
    (await post('/auth/chatee-status', { userId: world.ben.id }, world.ada)).body.activity
  const detailsRow = () =>
    new TablesDB(keyClient(world.pair.a.url)).getRow({
      databaseId: 'kathelia',
      tableId: 'status_details',
      rowId: world.ben.id,
    })

  it('words what the client reports: reading and typing name the room, then searching and settings', async () => {
    await beat({ kind: 'reading', roomId: 'home' })
    expect(await seenByAdmin()).toBe('Reading Home')
    await beat({ kind: 'typing', roomId: 'home' })
    expect(await seenByAdmin()).toBe('Typing in Home')
    await beat({ kind: 'recording', roomId: 'home' })
    expect(await seenByAdmin()).toBe('Recording a voice message in Home')
    await beat({ kind: 'reading', roomId: 'no-such-room' })
    expect(await seenByAdmin()).toBe('Reading')
    await beat({ kind: 'searching' })
    expect(await seenByAdmin()).toBe('Searching')
    await beat({ kind: 'settings' })
    expect(await seenByAdmin()).toBe('In Settings')
  })

  it('idle since the given time (a future one is now), from a hidden tab’s heartbeat too', async () => {
    const hhmm = (t: number) => new Date(t).toISOString().slice(11, 16)
    const since = Date.now() - 30 * 60_000
    await beat({ kind: 'idle', since: new Date(since).toISOString() }, 'away')
    expect(await seenByAdmin()).toBe(`Idle since ${hhmm(since)} UTC`)
    const before = Date.now()
    await beat({ kind: 'idle', since: '2999-01-01T00:00:00Z' })
    const text: string = await seenByAdmin()
    expect([`Idle since ${hhmm(before)} UTC`, `Idle since ${hhmm(Date.now())} UTC`]).toContain(text)
  })

  it('writes the row only when the words change', async () => {
    await beat({ kind: 'settings' })
    const first = (await detailsRow()).$updatedAt
    await beat({ kind: 'settings' })
    expect((await detailsRow()).$updatedAt).toBe(first)
    await beat({ kind: 'searching' })
    expect((await detailsRow()).$updatedAt).not.toBe(first)
  })

  it('is the admin’s only; the client cannot send words of its own (400)', async () => {
    const hidden = expectError(
      await post('/auth/chatee-status', { userId: world.ada.id }, world.ben),
      403,
    )
    expect(hidden.code).toBe('presence_not_shared')
    expectError(
      await post('/presence/heartbeat', { activity: { kind: 'hacking' } }, world.ben),
      400,
    )
    const text = { activity: { kind: 'reading', text: 'Reading your diary' } }
    expectError(await post('/presence/heartbeat', text, world.ben), 400)
    expectError(
      await post('/presence/heartbeat', { activity: { kind: 'idle', since: 'x' } }, world.ben),
      400,
    )
  })
})
