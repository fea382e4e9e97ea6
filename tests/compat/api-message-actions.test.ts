import { ID, TablesDB as WebTables } from 'appwrite'
import { Query, Storage, TablesDB } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUCKET_ID } from '../../shared/db-schema'
import { adapters, call, errorShape, keyClient, type AdapterPair } from './api-setup'
import { attachmentsPeople, upload, type Person } from './api-attachments-setup'

// Reply, edit, delete and react (issue 14) through /api on both adapters (B runs in appwrite
// mode against A's /v1): only the sender edits (24 h) or deletes, system notices are nobody's to
// change, a reaction is always the caller's own, and retries are not doubled.
let pair: AdapterPair
let ada: Person, ben: Person

beforeAll(async () => void ({ pair, ada, ben } = await attachmentsPeople()), 120_000)

afterAll(async () => {
  await pair?.close()
})

const tables = () => new TablesDB(keyClient(pair.a.url))
const DB = { databaseId: 'kathelia' }
/** A row written with the server key (a system notice, or a message from 25 hours ago). */
const seed = (data: Record<string, unknown>) =>
  tables().createRow({
    ...DB,
    tableId: 'messages',
    rowId: ID.unique(),
    data: { roomId: 'home', ...data },
  })
const reactionsOf = async (messageId: string) =>
  (
    await tables().listRows({
      ...DB,
      tableId: 'reactions',
      queries: [Query.equal('messageId', messageId)],
    })
  ).rows

describe.each(adapters(() => pair))('message actions, %s adapter', (_, url) => {
  const post = (p: Person, path: string, body: unknown) =>
    call(url(), `/message/${path}`, body, p.jwt)
  const send = async (p: Person, message: string, extra: Record<string, unknown> = {}) => {
    const r = await post(p, 'add', { roomId: 'home', message, ...extra })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    return r.body as { $id: string; message: string }
  }
  const refused = async (p: Person, path: string, body: unknown, status: number, code: string) => {
    const r = await post(p, path, body)
    expect(r.status, JSON.stringify(r.body)).toBe(status)
    expect(errorShape(r).code).toBe(code)
  }

  it('stores a reply to a message of the same room, and refuses one to another room', async () => {
    const original = await send(ben, 'Dinner at eight?')
    const reply = await send(ada, 'Yes!', { replyToId: original.$id })
    expect(reply).toMatchObject({ replyToId: original.$id, editedAt: null, deletedAt: null })
    const elsewhere = await seed({
      roomId: 'other-room',
      message: 'x',
      senderId: ben.id,
      kind: 'user',
    })
    await refused(
      ada,
      'add',
      { roomId: 'home', message: 'Hm', replyToId: elsewhere.$id },
      400,
      'reply_not_found',
    )
  })

  it("edits the sender's own text with an edit time; the partner's edit is 403", async () => {
    const m = await send(ada, 'Helo')
    await refused(ben, 'edit', { messageId: m.$id, message: 'Hijacked' }, 403, 'not_your_message')
    const r = await post(ada, 'edit', { messageId: m.$id, message: 'Hello' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.message).toBe('Hello')
    expect(Date.parse(r.body.editedAt)).toBeGreaterThan(Date.now() - 60_000)
    // The stored row holds the new text only.
    const row = await tables().getRow({ ...DB, tableId: 'messages', rowId: m.$id })
    expect(JSON.stringify(row)).not.toContain('Helo"')
    await refused(ada, 'edit', { messageId: m.$id, message: '  ' }, 400, 'validation_failed')
    await refused(ada, 'edit', { messageId: 'no-such-message', message: 'x' }, 404, 'not_found')
    await refused(ada, 'edit', { messageId: m.$id }, 400, 'validation_failed')
  })

  it('refuses an edit after 24 hours and any change to a system notice', async () => {
    const old = await seed({
      message: 'Yesterday',
      senderId: ada.id,
      kind: 'user',
      $createdAt: new Date(Date.now() - 25 * 3600_000).toISOString(),
    })
    await refused(ada, 'edit', { messageId: old.$id, message: 'Today' }, 403, 'edit_window_closed')
    const notice = await seed({ message: 'Ben is online', senderId: 'system', kind: 'system' })
    await refused(ada, 'edit', { messageId: notice.$id, message: 'x' }, 403, 'system_message')
    await refused(ada, 'delete', { messageId: notice.$id }, 403, 'system_message')
    await refused(
      ben,
      'react',
      { messageId: notice.$id, emoji: '👍', on: true },
      403,
      'system_message',
    )
    const kept = await tables().getRow({ ...DB, tableId: 'messages', rowId: notice.$id })
    expect(kept).toMatchObject({ message: 'Ben is online', deletedAt: null })
  })

  it('deletes for everyone: text, caption and file gone, idempotent, not found by search', async () => {
    const file = await upload(ada, 'plan.pdf', 'application/pdf')
    const m = await send(ada, 'secret caption zebra', { attachment: { fileId: file.$id } })
    await refused(ben, 'delete', { messageId: m.$id }, 403, 'not_your_message')
    await post(ben, 'react', { messageId: m.$id, emoji: '😮', on: true })
    const r = await post(ada, 'delete', { messageId: m.$id })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({ message: '', fileId: null, fileName: null, fileSize: null })
    expect(r.body.deletedAt).toEqual(expect.any(String))
    const again = await post(ada, 'delete', { messageId: m.$id })
    expect(again.status).toBe(200)
    expect(again.body.deletedAt).toBe(r.body.deletedAt)
    await expect(
      new Storage(keyClient(pair.a.url)).getFile({ bucketId: BUCKET_ID, fileId: file.$id }),
    ).rejects.toMatchObject({ code: 404 })
    expect(await reactionsOf(m.$id)).toEqual([])
    const found = await new WebTables(ben.web.client).listRows({
      ...DB,
      tableId: 'messages',
      queries: [Query.contains('message', ['zebra'])],
    })
    expect(found.rows).toEqual([])
    await refused(ada, 'edit', { messageId: m.$id, message: 'back' }, 409, 'message_deleted')
    await refused(ben, 'react', { messageId: m.$id, emoji: '👍', on: true }, 409, 'message_deleted')
  })

  // The room's search as the SPA asks it (web/features/chat/messages-query.ts), with Ben's session.
  const search = async (term: string) =>
    (
      await new WebTables(ben.web.client).listRows({
        ...DB,
        tableId: 'messages',
        queries: [
          Query.or([Query.contains('message', [term]), Query.contains('searchText', [term])]),
        ],
      })
    ).rows.map((r) => r.$id)

  it('finds a message by its text as read (markers gone), through an edit and a delete', async () => {
    // Words of this run's own: both adapters share one backend.
    const w = `q${Math.random().toString(36).slice(2, 8)}`
    const m = await send(ada, `see *you* at _${w} past_`)
    const plain = await send(ada, `${w} to nine, no markers`)
    const stored = () => tables().getRow({ ...DB, tableId: 'messages', rowId: m.$id })
    expect(await stored()).toMatchObject({ searchText: `see you at ${w} past` })
    expect(
      (await tables().getRow({ ...DB, tableId: 'messages', rowId: plain.$id })).searchText,
    ).toBeNull()
    expect(await search(`you at ${w}`)).toEqual([m.$id])
    expect((await search(w)).sort()).toEqual([m.$id, plain.$id].sort())
    // The answer is the message as before: the column is the search's alone.
    expect(m).not.toHaveProperty('searchText')

    await post(ada, 'edit', { messageId: m.$id, message: 'see ~you~ at *half past*' })
    expect(await stored()).toMatchObject({ searchText: 'see you at half past' })
    expect(await search(`you at ${w}`)).toEqual([])
    expect(await search('you at half')).toEqual([m.$id])
    await post(ada, 'edit', { messageId: m.$id, message: 'see you at half past' })
    expect((await stored()).searchText).toBeNull()
    await post(ada, 'edit', { messageId: m.$id, message: '*see you* at half past' })
    await post(ada, 'delete', { messageId: m.$id })
    expect((await stored()).searchText).toBeNull()
    expect(await search('half past')).toEqual([])
  })

  it("finds a document by its name, not a photo's, through a caption edit and a delete", async () => {
    const w = `f${Math.random().toString(36).slice(2, 8)}`
    const doc = await upload(ada, `${w} minutes.pdf`, 'application/pdf')
    const photo = await upload(ada, `${w} beach.png`, 'image/png')
    const m = await send(ada, '', { attachment: { fileId: doc.$id } })
    const p = await send(ada, 'the *view*', { attachment: { fileId: photo.$id } })
    const stored = (id: string) => tables().getRow({ ...DB, tableId: 'messages', rowId: id })
    expect(await stored(m.$id)).toMatchObject({ searchText: `${w} minutes.pdf` })
    // A photo is seen, not read by its name: only its caption as read is searched.
    expect(await stored(p.$id)).toMatchObject({ searchText: 'the view' })
    expect(await search(`${w} minutes`)).toEqual([m.$id])
    expect(await search(`${w} beach`)).toEqual([])

    await post(ada, 'edit', { messageId: m.$id, message: 'for *Tuesday*' })
    expect(await stored(m.$id)).toMatchObject({ searchText: `${w} minutes.pdf\nfor Tuesday` })
    expect(await search(`${w} minutes`)).toEqual([m.$id])
    await post(ada, 'delete', { messageId: m.$id })
    expect(await search(`${w} minutes`)).toEqual([])
  })

  it('keeps one reaction per person and emoji, toggled, and never as the partner', async () => {
    const m = await send(ada, 'Good news')
    for (let i = 0; i < 2; i++)
      expect((await post(ben, 'react', { messageId: m.$id, emoji: '🎉', on: true })).status).toBe(
        200,
      )
    await post(ada, 'react', { messageId: m.$id, emoji: '🎉', on: true })
    const rows = await reactionsOf(m.$id)
    expect(rows.map((row) => row.userId).sort()).toEqual([ada.id, ben.id].sort())
    await refused(
      ben,
      'react',
      { messageId: m.$id, emoji: '👍', on: true, userId: ada.id },
      403,
      'forbidden',
    )
    for (let i = 0; i < 2; i++)
      expect((await post(ben, 'react', { messageId: m.$id, emoji: '🎉', on: false })).status).toBe(
        200,
      )
    expect((await reactionsOf(m.$id)).map((row) => row.userId)).toEqual([ada.id])
    for (const emoji of ['', 'hello', '👍👍', '<b>'])
      await refused(ben, 'react', { messageId: m.$id, emoji, on: true }, 400, 'validation_failed')
  })

  it('refuses a reaction row written straight into the table, as anyone', async () => {
    const m = await send(ada, 'Direct?')
    await expect(
      new WebTables(ben.web.client).createRow({
        ...DB,
        tableId: 'reactions',
        rowId: ID.unique(),
        data: { messageId: m.$id, roomId: 'home', userId: ada.id, emoji: '👎' },
      }),
    ).rejects.toMatchObject({ code: 401 })
    expect(await reactionsOf(m.$id)).toEqual([])
  })
})
