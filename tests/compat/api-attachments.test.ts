import { ID, type Models } from 'appwrite'
import { TablesDB, Query } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUCKET_ID } from '../../shared/db-schema'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { call, errorShape, keyClient, KEY, PROJECT } from './api-setup'
import { person, shared, upload, type Person } from './api-attachments-setup'

// Attachments through /api/message/add on both adapters (server B runs in appwrite mode against
// A's /v1): a message may only carry a finished file of the bucket `files` that the caller
// uploaded with the SDK and shared with the team; the row gets its name, type and size.
let a: AppServer
let b: AppServer
let ada: Person, ben: Person

let photo: Models.File

beforeAll(async () => {
  a = await startAppServer({}, { shared: 'attachments' })
  ada = await person(a.url, 'ada@kathelia.test', 'Ada')
  ben = await person(a.url, 'ben@kathelia.test', 'Ben')
  photo = await upload(ada, 'photo.png', 'image/png')
  // The pair of attachmentsPair(), whichever file of them starts it.
  b = await startAppServer(
    { APPWRITE_ENDPOINT: `${a.url}/v1`, APPWRITE_API_KEY: KEY },
    { shared: 'attachments' },
  )
}, 120_000)

afterAll(async () => {
  await b?.close()
  await a?.close()
})

/** The messages rows that reference a file (read with the key). */
const rowsWithFile = async (fileId: string) =>
  (
    await new TablesDB(keyClient(a.url)).listRows({
      databaseId: 'kathelia',
      tableId: 'messages',
      queries: [Query.equal('fileId', fileId)],
    })
  ).rows

describe.each([
  ['embedded', () => a.url],
  ['appwrite', () => b.url],
])('/api/message/add with an attachment, %s adapter', (_, url) => {
  const add = (p: Person, body: Record<string, unknown>) =>
    call(url(), '/message/add', { roomId: 'home', ...body }, p.jwt)
  const refused = async (p: Person, body: Record<string, unknown>, status: number) => {
    const r = await add(p, body)
    expect(r.status, JSON.stringify(r.body)).toBe(status)
    return errorShape(r)
  }

  it("stores the caller's own file with its caption, name, type, size and image size", async () => {
    const r = await add(ada, {
      message: '  Look at this  ',
      attachment: { fileId: photo.$id, width: 640, height: 480 },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({
      message: 'Look at this',
      senderId: ada.id,
      fileId: photo.$id,
      fileName: 'photo.png',
      fileType: 'image/png',
      fileSize: 2048,
      fileWidth: 640,
      fileHeight: 480,
    })
  })

  it('takes an attachment without a caption; a message with neither is refused', async () => {
    const pdf = await upload(ada, 'notes.pdf', 'application/pdf')
    const r = await add(ada, { message: '', attachment: { fileId: pdf.$id } })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({ message: '', fileName: 'notes.pdf', fileWidth: null })
    expect((await refused(ada, { message: '   ' }, 400)).code).toBe('validation_failed')
    expect((await refused(ada, {}, 400)).code).toBe('validation_failed')
  })

  it("refuses another user's file with 403 and stores nothing", async () => {
    const before = (await rowsWithFile(photo.$id)).length
    expect(
      await refused(ben, { message: 'Mine now', attachment: { fileId: photo.$id } }, 403),
    ).toEqual({ code: 'file_not_yours', message: 'You can only attach files you uploaded' })
    expect((await rowsWithFile(photo.$id)).length).toBe(before)
    expect((await rowsWithFile(photo.$id)).every((row) => row.senderId === ada.id)).toBe(true)
  })

  it("keeps a voice message's length and bars, only on a file stored as sound", async () => {
    const wave = '0123456789abcdefghijklmnopqrstuv0123456789abcdef'
    const voice = await upload(ada, 'Voice message.webm', 'audio/webm')
    const r = await add(ada, {
      attachment: { fileId: voice.$id, durationMs: 2300, waveform: wave },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({ fileType: 'audio/webm', fileDuration: 2300, fileWaveform: wave })
    // A recording a backend typed as video (WebM, MP4) still carries them.
    const typedVideo = await upload(ada, 'recording.webm', 'video/webm')
    const video = await add(ada, { attachment: { fileId: typedVideo.$id, durationMs: 900 } })
    expect(video.status, JSON.stringify(video.body)).toBe(201)
    expect(video.body).toMatchObject({ fileDuration: 900, fileWaveform: null })
    // An image, or a document, has no length.
    const pdf = await upload(ada, 'length.pdf', 'application/pdf')
    for (const attachment of [
      { fileId: photo.$id, durationMs: 1000 },
      { fileId: pdf.$id, waveform: wave },
    ])
      expect(await refused(ada, { attachment }, 400)).toEqual({
        code: 'audio_invalid',
        message: 'Only an audio file has a duration or a waveform',
      })
    for (const attachment of [
      { fileId: voice.$id, durationMs: 0 },
      { fileId: voice.$id, durationMs: 1.5 },
      { fileId: voice.$id, durationMs: 13 * 3600 * 1000 },
      { fileId: voice.$id, waveform: 'w'.repeat(48) },
      { fileId: voice.$id, waveform: wave.slice(1) },
    ])
      expect((await refused(ada, { attachment }, 400)).code).toBe('validation_failed')
    // Nothing of the refused ones was stored.
    expect(await rowsWithFile(pdf.$id)).toHaveLength(0)
  })

  it('refuses a call without a token (401) and a malformed attachment (400)', async () => {
    const body = { roomId: 'home', message: 'Hi', attachment: { fileId: photo.$id } }
    const anonymous = await call(url(), '/message/add', body)
    expect(anonymous.status).toBe(401)
    expect(Object.keys(errorShape(anonymous)).sort()).toEqual(['code', 'message'])
    for (const attachment of [{}, { fileId: photo.$id, width: -1, height: 2 }, 'photo.png'])
      expect((await refused(ada, { message: 'Hi', attachment }, 400)).code).toBe(
        'validation_failed',
      )
  })

  it('refuses a file that does not exist with 400', async () => {
    expect(await refused(ada, { attachment: { fileId: 'no-such-file' } }, 400)).toEqual({
      code: 'file_not_found',
      message: 'The attached file does not exist',
    })
    expect((await refused(ada, { attachment: { fileId: '../x' } }, 400)).code).toBe(
      'validation_failed',
    )
  })

  it('refuses a file the partner could not read, and an upload that has not finished', async () => {
    // The SDK's default permissions: the uploader alone.
    const own = await upload(ada, 'private.txt', 'text/plain', [])
    expect((await refused(ada, { attachment: { fileId: own.$id } }, 400)).code).toBe(
      'file_not_shared',
    )
    // The first of two 5 MiB chunks only, as the SDK sends it.
    const fileId = ID.unique()
    const form = new FormData()
    form.append('fileId', fileId)
    form.append('file', new File([new Uint8Array(5 * 1024 * 1024)], 'big.bin'))
    for (const p of shared(ada.id)) form.append('permissions[]', p)
    const chunk = await fetch(`${a.url}/v1/storage/buckets/${BUCKET_ID}/files`, {
      method: 'POST',
      headers: {
        'x-appwrite-project': PROJECT,
        cookie: ada.web.jar.header(),
        'content-range': `bytes 0-${5 * 1024 * 1024 - 1}/${6 * 1024 * 1024}`,
      },
      body: form,
    })
    expect(chunk.status).toBe(201)
    expect((await refused(ada, { attachment: { fileId } }, 400)).code).toBe('file_incomplete')
  })
})

describe('/api/message/limits', () => {
  it.each([
    ['embedded', () => a.url],
    ['appwrite', () => b.url],
  ])('tells a signed-in user the largest file (%s adapter)', async (_, url) => {
    expect((await call(url(), '/message/limits', {}, ada.jwt)).body).toEqual({
      fileMaxBytes: 31_457_280,
    })
    expect((await call(url(), '/message/limits', {})).status).toBe(401)
    expect((await call(url(), '/message/limits', { extra: 1 }, ada.jwt)).status).toBe(400)
  })
})
