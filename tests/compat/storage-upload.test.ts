import { ID } from 'node-appwrite'
import { InputFile } from 'node-appwrite/file'
import { describe, expect, it } from 'vitest'
import { failure as rejects } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { api } from './helpers/server-sdk'
import {
  BUCKET,
  bytes,
  FILE_MAX_BYTES,
  filePath,
  keyStorage,
  md5,
  MiB,
  postFile,
  sha256,
} from './storage-setup'

// Uploads to the bucket with the API key: one request, 5 MiB chunks (in and out of order), and
// what is refused (ranges, ids, sizes, duplicates, unknown buckets).

describe('storage uploads with the API key (node-appwrite)', () => {
  const storage = keyStorage()

  it('stores a small file in one request and reads it back', async () => {
    const data = new TextEncoder().encode('hello, kathelia\n')
    const fileId = ID.unique()
    const file = await storage.createFile({
      bucketId: BUCKET,
      fileId,
      file: InputFile.fromBuffer(data, 'hello.txt'),
    })
    expectModel(file, 'file')
    expect(file).toMatchObject({
      $id: fileId,
      bucketId: BUCKET,
      name: 'hello.txt',
      mimeType: 'text/plain',
      sizeOriginal: data.length,
      chunksTotal: 1,
      chunksUploaded: 1,
      signature: md5(data),
      // A key gets no default permissions.
      $permissions: [],
    })
    expectModel(await storage.getFile({ bucketId: BUCKET, fileId }), 'file')
    const view = await storage.getFileView({ bucketId: BUCKET, fileId })
    expect(new Uint8Array(view)).toEqual(data)
    const download = await storage.getFileDownload({ bucketId: BUCKET, fileId })
    expect(new Uint8Array(download)).toEqual(data)
  })

  it('uploads ~11 MiB in three 5 MiB chunks whose bytes round-trip exactly', async () => {
    const data = bytes(11 * MiB + 12345)
    const progress: number[] = []
    const file = await storage.createFile({
      bucketId: BUCKET,
      fileId: ID.unique(),
      file: InputFile.fromBuffer(data, 'big.bin'),
      onProgress: (p) => progress.push(p.chunksUploaded),
    })
    expectModel(file, 'file')
    expect(file).toMatchObject({
      sizeOriginal: data.length,
      chunksTotal: 3,
      chunksUploaded: 3,
      signature: md5(data),
      mimeType: 'application/octet-stream',
    })
    expect(progress.length).toBe(3)
    const back = await storage.getFileDownload({ bucketId: BUCKET, fileId: file.$id })
    expect(back.byteLength).toBe(data.length)
    expect(sha256(back)).toBe(sha256(data))
  })

  it('assembles chunks that arrive out of order, answering progress per chunk', async () => {
    const data = bytes(2 * 5 * MiB + 777)
    const size = data.length
    const slice = (i: number) => data.subarray(i * 5 * MiB, Math.min((i + 1) * 5 * MiB, size))
    const range = (i: number) =>
      `bytes ${i * 5 * MiB}-${Math.min((i + 1) * 5 * MiB, size) - 1}/${size}`
    const first = await postFile({ fileId: 'unique()', data: slice(0), range: range(0) })
    expect(first.status).toBe(201)
    const started = await first.json()
    expect(started).toMatchObject({ chunksTotal: 3, chunksUploaded: 1, sizeOriginal: size })
    const uploadId = started.$id
    // Not readable until complete.
    expect((await api(filePath(uploadId, '/view'), { auth: 'key' })).status).toBe(404)
    const last = await postFile({ fileId: 'unique()', data: slice(2), range: range(2), uploadId })
    expect(await last.json()).toMatchObject({ $id: uploadId, chunksUploaded: 2 })
    const middle = await postFile({ fileId: 'unique()', data: slice(1), range: range(1), uploadId })
    const done = await middle.json()
    expectModel(done, 'file')
    expect(done).toMatchObject({ $id: uploadId, chunksUploaded: 3, signature: md5(data) })
    const back = await api(filePath(uploadId, '/download'), { auth: 'key' })
    expect(sha256(await back.arrayBuffer())).toBe(sha256(data))
    // Re-sending a chunk of a completed upload is a duplicate.
    const again = await postFile({ fileId: 'unique()', data: slice(1), range: range(1), uploadId })
    expect(again.status).toBe(409)
    expect((await again.json()).type).toBe('storage_file_already_exists')
  })

  it('rejects bad content ranges and upload ids', async () => {
    const data = bytes(1000)
    const bad = await postFile({ fileId: 'unique()', data, range: 'bytes 0-10/5' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).type).toBe('storage_invalid_content_range')
    const short = await postFile({ fileId: 'unique()', data, range: `bytes 0-999/${20 * MiB}` })
    expect((await short.json()).type).toBe('storage_invalid_content_range')
    const id = await postFile({ fileId: 'x', data, range: 'bytes 0-999/1000', uploadId: '-bad' })
    expect(id.status).toBe(400)
    expect((await id.json()).type).toBe('storage_invalid_appwrite_id')
  })

  it('refuses a file over FILE_MAX_BYTES, an empty file and a duplicate id', async () => {
    const tooBig = await rejects(
      storage.createFile({
        bucketId: BUCKET,
        fileId: ID.unique(),
        file: InputFile.fromBuffer(new Uint8Array(FILE_MAX_BYTES + 1), 'huge.bin'),
      }),
    )
    expect([tooBig.code, tooBig.type]).toEqual([400, 'storage_invalid_file_size'])
    const empty = await rejects(
      storage.createFile({
        bucketId: BUCKET,
        fileId: ID.unique(),
        file: InputFile.fromBuffer(new Uint8Array(0), 'empty.txt'),
      }),
    )
    expect([empty.code, empty.type]).toEqual([400, 'storage_file_empty'])
    const fileId = ID.unique()
    const file = () => InputFile.fromBuffer(bytes(10), 'dup.bin')
    await storage.createFile({ bucketId: BUCKET, fileId, file: file() })
    const dup = await rejects(storage.createFile({ bucketId: BUCKET, fileId, file: file() }))
    expect([dup.code, dup.type]).toEqual([409, 'storage_file_already_exists'])
  })

  it('answers 404 storage_bucket_not_found for an unknown bucket', async () => {
    const err = await rejects(storage.listFiles({ bucketId: 'nope' }))
    expect([err.code, err.type]).toEqual([404, 'storage_bucket_not_found'])
    const missing = await rejects(storage.getFile({ bucketId: BUCKET, fileId: 'missing' }))
    expect([missing.code, missing.type]).toEqual([404, 'storage_file_not_found'])
  })
})
