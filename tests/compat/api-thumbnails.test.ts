import { Storage } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUCKET_ID } from '../../shared/db-schema'
import { adapters, call, errorShape, keyClient, type AdapterPair } from './api-setup'
import { attachmentsPeople, upload, type Person } from './api-attachments-setup'

// An image's WebP thumbnail (made by the sender's browser, uploaded beside the original) through
// /api/message/add on both adapters: it must be the caller's own finished WebP upload shared with
// the partner, and deleting the message deletes both files.
let pair: AdapterPair
let ada: Person, ben: Person

beforeAll(async () => void ({ pair, ada, ben } = await attachmentsPeople()), 120_000)
afterAll(async () => {
  await pair?.close()
})

const fileExists = (fileId: string) =>
  new Storage(keyClient(pair.a.url)).getFile({ bucketId: BUCKET_ID, fileId }).then(
    () => true,
    (err: { code?: number }) => (err.code === 404 ? false : Promise.reject(err)),
  )

describe.each(adapters(() => pair))('thumbnails, %s adapter', (_, url) => {
  const post = (p: Person, path: string, body: Record<string, unknown>) =>
    call(url(), path, body, p.jwt)
  const add = (p: Person, attachment: Record<string, unknown>) =>
    post(p, '/message/add', { roomId: 'home', attachment })

  it('stores the thumbnail beside the original; deleting the message deletes both', async () => {
    const photo = await upload(ada, 'photo.png', 'image/png')
    const thumb = await upload(ada, 'photo.webp', 'image/webp')
    const r = await add(ada, { fileId: photo.$id, width: 1600, height: 900, thumbId: thumb.$id })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({ fileId: photo.$id, thumbId: thumb.$id, fileType: 'image/png' })
    const gone = await post(ada, '/message/delete', { messageId: r.body.$id })
    expect(gone.status, JSON.stringify(gone.body)).toBe(200)
    expect(gone.body).toMatchObject({ fileId: null, thumbId: null })
    expect(await fileExists(photo.$id)).toBe(false)
    expect(await fileExists(thumb.$id)).toBe(false)
  })

  it('refuses a thumbnail that is not a WebP, not shared, not the caller’s, the original itself or of a non-image', async () => {
    const photo = await upload(ada, 'photo.png', 'image/png')
    const refused = async (attachment: Record<string, unknown>, status: number, code: string) => {
      const r = await add(ada, attachment)
      expect(r.status, JSON.stringify(r.body)).toBe(status)
      expect(errorShape(r).code).toBe(code)
    }
    const png = await upload(ada, 'small.png', 'image/png')
    await refused({ fileId: photo.$id, thumbId: png.$id }, 400, 'thumb_invalid')
    const hidden = await upload(ada, 'hidden.webp', 'image/webp', [
      'read("user:' + ada.id + '")',
      'delete("user:' + ada.id + '")',
    ])
    await refused({ fileId: photo.$id, thumbId: hidden.$id }, 400, 'thumb_invalid')
    const bens = await upload(ben, 'bens.webp', 'image/webp')
    await refused({ fileId: photo.$id, thumbId: bens.$id }, 403, 'file_not_yours')
    await refused({ fileId: photo.$id, thumbId: photo.$id }, 400, 'thumb_invalid')
    await refused({ fileId: photo.$id, thumbId: 'nosuchfile' }, 400, 'thumb_invalid')
    const pdf = await upload(ada, 'plan.pdf', 'application/pdf')
    const webp = await upload(ada, 'plan.webp', 'image/webp')
    await refused({ fileId: pdf.$id, thumbId: webp.$id }, 400, 'thumb_invalid')
    await refused({ fileId: photo.$id, thumbId: 'bad id!' }, 400, 'validation_failed')
  })
})
