import { ID } from 'appwrite'
import { Storage, TablesDB } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUCKET_ID } from '../../shared/db-schema'
import { adapters, call, errorShape, keyClient, type AdapterPair } from './api-setup'
import { attachmentsPeople, upload, type Person } from './api-attachments-setup'

// Forward (POST /api/message/add with `forwardOf`) on both adapters (B runs in appwrite mode
// against A's /v1): the server copies what the message says or shows, the request carries
// nothing of it, and a file both messages show stays in the bucket until neither does.
let pair: AdapterPair
let ada: Person, ben: Person

beforeAll(async () => void ({ pair, ada, ben } = await attachmentsPeople()), 120_000)

afterAll(async () => {
  await pair?.close()
})

const DB = { databaseId: 'kathelia' }
const tables = () => new TablesDB(keyClient(pair.a.url))
const fileOf = (fileId: string) =>
  new Storage(keyClient(pair.a.url)).getFile({ bucketId: BUCKET_ID, fileId })

describe.each(adapters(() => pair))('forward, %s adapter', (mode, url) => {
  const post = (p: Person, path: string, body: unknown) => call(url(), path, body, p.jwt)
  const add = (p: Person, body: Record<string, unknown>) =>
    post(p, '/message/add', { roomId: 'home', ...body })
  const made = async (p: Person, body: Record<string, unknown>, status = 201) => {
    const r = await add(p, body)
    expect(r.status, JSON.stringify(r.body)).toBe(status)
    return r.body as Record<string, unknown> & { $id: string }
  }
  const refused = async (body: Record<string, unknown>, status: number, code: string) => {
    const r = await add(ada, body)
    expect(r.status, JSON.stringify(r.body)).toBe(status)
    expect(errorShape(r).code).toBe(code)
  }
  let roomId = ''
  beforeAll(async () => {
    const r = await post(ada, '/room/add', { name: `Forwards ${mode}`, color: '#228866' })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    roomId = (r.body as { room: { $id: string } }).room.$id
  })

  it("copies the partner's words to another room as the caller's, marked forwarded", async () => {
    const source = await made(ben, { message: 'The *train* leaves at 9' })
    const clientId = ID.unique()
    const fwd = await made(ada, { roomId, forwardOf: source.$id, clientId })
    expect(fwd).toMatchObject({
      roomId,
      message: 'The *train* leaves at 9',
      senderId: ada.id,
      kind: 'user',
      forwarded: true,
      replyToId: null,
    })
    expect(source.forwarded).toBe(false)
    // The room's search finds it by its words as read, as it finds the source.
    const row = await tables().getRow({ ...DB, tableId: 'messages', rowId: fwd.$id })
    expect(row.searchText).toBe('The train leaves at 9')
    // A retry with the same clientId is the same message.
    const again = await made(ada, { roomId, forwardOf: source.$id, clientId }, 200)
    expect(again.$id).toBe(fwd.$id)
  })

  it('forwards a file without a copy; a delete of either keeps it while the other shows it', async () => {
    const file = await upload(ben, 'menu.pdf', 'application/pdf')
    const source = await made(ben, { message: 'Menu', attachment: { fileId: file.$id } })
    const fwd = await made(ada, { roomId, forwardOf: source.$id })
    expect(fwd).toMatchObject({
      message: 'Menu',
      fileId: file.$id,
      fileName: 'menu.pdf',
      fileType: 'application/pdf',
      fileSize: 2048,
      forwarded: true,
    })
    const del = await post(ben, '/message/delete', { messageId: source.$id })
    expect(del.status, JSON.stringify(del.body)).toBe(200)
    expect((await fileOf(file.$id)).$id).toBe(file.$id)
    // A forward of the forward shows it too; the first forward's delete keeps it for that one.
    const second = await made(ben, { forwardOf: fwd.$id })
    expect(second.fileId).toBe(file.$id)
    expect((await post(ada, '/message/delete', { messageId: fwd.$id })).status).toBe(200)
    expect((await fileOf(file.$id)).$id).toBe(file.$id)
    // The last one shown goes with its last message.
    expect((await post(ben, '/message/delete', { messageId: second.$id })).status).toBe(200)
    await expect(fileOf(file.$id)).rejects.toMatchObject({ code: 404 })
  })

  it('a file shown by two messages deleted at once goes with them', async () => {
    const file = await upload(ben, 'twice.pdf', 'application/pdf')
    const source = await made(ben, { message: '', attachment: { fileId: file.$id } })
    const fwd = await made(ben, { roomId, forwardOf: source.$id })
    // Each delete first finds the other still showing the file; the one that ends last asks
    // again once its own row is a tombstone.
    const both = await Promise.all(
      [source, fwd].map((m) => post(ben, '/message/delete', { messageId: m.$id })),
    )
    expect(both.map((r) => r.status)).toEqual([200, 200])
    await expect(fileOf(file.$id)).rejects.toMatchObject({ code: 404 })
  })

  it('refuses a forward that carries content, or of a deleted, missing or notice message', async () => {
    const source = await made(ben, { message: 'Hi' })
    const file = { fileId: ID.unique() }
    for (const extra of [{ message: 'and more' }, { replyToId: source.$id }, { attachment: file }])
      await refused({ forwardOf: source.$id, ...extra }, 400, 'validation_failed')
    await refused({ forwardOf: ID.unique() }, 404, 'message_not_found')
    const notice = await tables().createRow({
      ...DB,
      tableId: 'messages',
      rowId: ID.unique(),
      data: { roomId: 'home', message: 'Ben is online', senderId: ben.id, kind: 'system' },
    })
    await refused({ forwardOf: notice.$id }, 404, 'message_not_found')
    expect((await post(ben, '/message/delete', { messageId: source.$id })).status).toBe(200)
    await refused({ forwardOf: source.$id }, 409, 'message_deleted')
  })

  it('refuses a forward to a room that is deleted or does not exist', async () => {
    const source = await made(ben, { message: 'Hi again' })
    const r = await post(ada, '/room/add', { name: `Gone ${mode}`, color: '#884422' })
    const gone = (r.body as { room: { $id: string } }).room.$id
    await tables().updateRow({ ...DB, tableId: 'rooms', rowId: gone, data: { isDeleted: true } })
    const deleted = await add(ada, { roomId: gone, forwardOf: source.$id })
    expect(deleted.status).toBe(409)
    const missing = await add(ada, { roomId: ID.unique(), forwardOf: source.$id })
    expect(missing.status).toBe(404)
    expect(errorShape(missing).message).toBe('This room does not exist')
  })
})
