import { ID, Permission, Query, Role } from 'node-appwrite'
import { InputFile } from 'node-appwrite/file'
import { describe, expect, it } from 'vitest'
import { failure as rejects } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { api } from './helpers/server-sdk'
import { BUCKET, bytes, filePath, keyStorage, postFile } from './storage-setup'

// Stored files: lists with queries, updates and deletes with the API key, and the bytes over
// HTTP (view, download, ranges, previews, active content, guests).

describe('storage files with the API key (node-appwrite)', () => {
  const storage = keyStorage()

  it('lists with queries, search and total', async () => {
    const tag = `q${Date.now().toString(36)}`
    const ids: string[] = []
    for (const [i, size] of [30, 10, 20].entries()) {
      const f = await storage.createFile({
        bucketId: BUCKET,
        fileId: `${tag}-${i}`,
        file: InputFile.fromBuffer(bytes(size), `${tag} holiday ${i}.jpg`),
      })
      ids.push(f.$id)
    }
    const byName = await storage.listFiles({
      bucketId: BUCKET,
      queries: [Query.equal('name', `${tag} holiday 1.jpg`)],
    })
    expectModel(byName, 'fileList')
    expect(byName.total).toBe(1)
    expect(byName.files.map((f) => f.$id)).toEqual([ids[1]])

    const searched = await storage.listFiles({
      bucketId: BUCKET,
      search: tag,
      queries: [Query.orderDesc('sizeOriginal'), Query.limit(2)],
    })
    expect(searched.total).toBe(3)
    expect(searched.files.map((f) => f.sizeOriginal)).toEqual([30, 20])
    const next = await storage.listFiles({
      bucketId: BUCKET,
      search: tag,
      queries: [Query.orderDesc('sizeOriginal'), Query.limit(2), Query.offset(2)],
    })
    expect(next.files.map((f) => f.$id)).toEqual([ids[1]])
    const after = await storage.listFiles({
      bucketId: BUCKET,
      search: tag,
      queries: [Query.orderAsc('$createdAt'), Query.cursorAfter(ids[0])],
    })
    expect(after.files.map((f) => f.$id)).toEqual([ids[1], ids[2]])
    const noTotal = await storage.listFiles({ bucketId: BUCKET, search: tag, total: false })
    expect(noTotal.total).toBe(0)
    expect(noTotal.files).toHaveLength(3)
    const bad = await rejects(
      storage.listFiles({ bucketId: BUCKET, queries: [Query.equal('colour', 'red')] }),
    )
    expect([bad.code, bad.type]).toEqual([400, 'general_query_invalid'])
  })

  it('updates name and permissions, then deletes (204) and forgets the bytes', async () => {
    const fileId = ID.unique()
    await storage.createFile({
      bucketId: BUCKET,
      fileId,
      file: InputFile.fromBuffer(bytes(64), 'before.png'),
    })
    const updated = await storage.updateFile({
      bucketId: BUCKET,
      fileId,
      name: 'after.png',
      permissions: [Permission.read(Role.any()), Permission.write(Role.user('someone'))],
    })
    expectModel(updated, 'file')
    expect(updated.name).toBe('after.png')
    // `write` is stored expanded, as Appwrite aggregates it.
    expect(updated.$permissions.sort()).toEqual(
      ['read("any")', 'update("user:someone")', 'delete("user:someone")'].sort(),
    )
    const del = await api(filePath(fileId), { method: 'DELETE', auth: 'key' })
    expect(del.status).toBe(204)
    expect(await del.text()).toBe('')
    const gone = await rejects(storage.getFile({ bucketId: BUCKET, fileId }))
    expect(gone.type).toBe('storage_file_not_found')
    expect((await api(filePath(fileId, '/view'), { auth: 'key' })).status).toBe(404)
  })
})

describe('file bytes over HTTP', () => {
  it('sends view/download headers and honours ranges', async () => {
    const data = bytes(100)
    const fileId = ID.unique()
    const created = await postFile({
      fileId,
      data,
      name: 'fotó 1.png',
      type: 'image/png',
      permissions: ['read("any")'],
    })
    expect(created.status).toBe(201)
    const view = await api(filePath(fileId, '/view'))
    expect(view.status).toBe(200)
    expect(view.headers.get('content-type')).toBe('image/png')
    expect(view.headers.get('content-disposition')).toBe(
      `inline; filename="fot_ 1.png"; filename*=UTF-8''fot%C3%B3%201.png`,
    )
    expect(view.headers.get('x-content-type-options')).toBe('nosniff')
    expect(view.headers.get('cache-control')).toMatch(/^private/)
    expect(new Uint8Array(await view.arrayBuffer())).toEqual(data)

    const download = await api(filePath(fileId, '/download'))
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /)
    await download.arrayBuffer()

    const part = await api(filePath(fileId, '/view'), { headers: { range: 'bytes=10-19' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 10-19/100')
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(data.subarray(10, 20))
    const tail = await api(filePath(fileId, '/download'), { headers: { range: 'bytes=-5' } })
    expect(tail.headers.get('content-range')).toBe('bytes 95-99/100')
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(data.subarray(95))
    const beyond = await api(filePath(fileId, '/view'), { headers: { range: 'bytes=500-' } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe('bytes */100')
    await beyond.arrayBuffer()

    // Previews are the original image.
    const preview = await api(filePath(fileId, '/preview?width=10'))
    expect(preview.status).toBe(200)
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(data)
  })

  it('never renders active content inline on the app origin', async () => {
    const fileId = ID.unique()
    await postFile({
      fileId,
      data: new TextEncoder().encode('<script>alert(1)</script>'),
      name: 'x.html',
      type: 'text/html',
      permissions: ['read("any")'],
    })
    const view = await api(filePath(fileId, '/view'))
    expect(view.headers.get('content-disposition')).toMatch(/^attachment; /)
    expect(view.headers.get('content-security-policy')).toContain('sandbox')
    await view.arrayBuffer()
  })

  it('hides a file without read permission from guests', async () => {
    const fileId = ID.unique()
    await postFile({ fileId, data: bytes(10) })
    for (const suffix of ['', '/view', '/download']) {
      const res = await api(filePath(fileId, suffix))
      expect(res.status).toBe(404)
      expect((await res.json()).type).toBe('storage_file_not_found')
    }
    const del = await api(filePath(fileId), { method: 'DELETE' })
    expect(del.status).toBe(401)
    expect((await del.json()).type).toBe('user_unauthorized')
    const create = await postFile({ fileId: 'unique()', data: bytes(10), auth: 'guest' })
    expect(create.status).toBe(401)
    expect((await create.json()).type).toBe('user_unauthorized')
  })
})
