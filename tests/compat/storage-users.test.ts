import { ID, Permission, Role, Storage } from 'appwrite'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failure as rejects } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { acked, disconnectAll, inbox, live, USER_TEAM } from './helpers/realtime'
import { api, PROJECT } from './helpers/server-sdk'
import { newUser, sessionClient, type TestUser } from './helpers/users'
import { BUCKET, bytes, filePath, md5, MiB, sha256 } from './storage-setup'

// The bucket as the SPA uses it: the web SDK as signed-in members of the team `user` (the
// bucket's create role), with file security deciding who reads, changes and deletes.

type User = TestUser
let a: User, b: User, outsider: User
const storageOf = (u?: User) => new Storage(sessionClient(u))
const cookie = (u: User) => ({ cookie: `a_session_${PROJECT}=${u.session}` })

const upload = (u: User, data: Uint8Array<ArrayBuffer>, name: string, permissions?: string[]) =>
  storageOf(u).createFile({
    bucketId: BUCKET,
    fileId: ID.unique(),
    file: new File([data], name, { type: name.endsWith('.png') ? 'image/png' : '' }),
    permissions,
  })

beforeAll(async () => {
  ;[a, b, outsider] = await Promise.all([
    newUser({ teams: [USER_TEAM] }),
    newUser({ teams: [USER_TEAM] }),
    newUser(),
  ])
})

afterEach(disconnectAll)

describe('storage as signed-in users (web SDK)', () => {
  it('a member uploads a private file; only they can see, view and delete it', async () => {
    const data = bytes(300)
    const file = await upload(a, data, 'pic.png')
    expectModel(file, 'file')
    expect(file.mimeType).toBe('image/png')
    expect(file.signature).toBe(md5(data))
    expect(file.$permissions.sort()).toEqual(
      [`read("user:${a.id}")`, `update("user:${a.id}")`, `delete("user:${a.id}")`].sort(),
    )
    expectModel(await storageOf(a).getFile({ bucketId: BUCKET, fileId: file.$id }), 'file')

    // An <img src> of the SDK's view URL carries the session cookie (same origin).
    const url = storageOf(a).getFileView({ bucketId: BUCKET, fileId: file.$id })
    const img = await fetch(url, { headers: cookie(a) })
    expect(img.status).toBe(200)
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(data)

    for (const who of [b, undefined]) {
      const s = storageOf(who)
      const get = await rejects(s.getFile({ bucketId: BUCKET, fileId: file.$id }))
      expect([get.code, get.type]).toEqual([404, 'storage_file_not_found'])
      const view = await fetch(url, who ? { headers: cookie(who) } : {})
      expect(view.status).toBe(404)
      expect((await view.json()).type).toBe('storage_file_not_found')
      const upd = await rejects(s.updateFile({ bucketId: BUCKET, fileId: file.$id, name: 'x' }))
      expect([upd.code, upd.type]).toEqual([401, 'user_unauthorized'])
      const del = await rejects(s.deleteFile({ bucketId: BUCKET, fileId: file.$id }))
      expect([del.code, del.type]).toEqual([401, 'user_unauthorized'])
    }
    const listB = await storageOf(b).listFiles({ bucketId: BUCKET })
    expectModel(listB, 'fileList')
    expect(listB.files.map((f) => f.$id)).not.toContain(file.$id)
    expect(listB.total).toBe(listB.files.length)
    const listA = await storageOf(a).listFiles({ bucketId: BUCKET })
    expect(listA.files.map((f) => f.$id)).toContain(file.$id)

    await storageOf(a).deleteFile({ bucketId: BUCKET, fileId: file.$id })
    expect((await fetch(url, { headers: cookie(a) })).status).toBe(404)
  })

  it('refuses uploads from guests and from users outside the bucket role', async () => {
    for (const who of [undefined, outsider]) {
      const err = await rejects(
        storageOf(who).createFile({
          bucketId: BUCKET,
          fileId: ID.unique(),
          file: new File([bytes(5)], 'x.bin'),
        }),
      )
      expect([err.code, err.type]).toEqual([401, 'user_unauthorized'])
    }
  })

  it('lets a user grant only roles they hold', async () => {
    const err = await rejects(
      upload(a, bytes(10), 'share.bin', [Permission.read(Role.user(outsider.id))]),
    )
    expect([err.code, err.type]).toEqual([401, 'user_unauthorized'])
    expect(err.message).toMatch(/^Permissions must be one of: \(/)

    const shared = await upload(a, bytes(10), 'share.bin', [
      Permission.read(Role.team(USER_TEAM)),
      Permission.write(Role.user(a.id)),
    ])
    const seen = await storageOf(b).getFile({ bucketId: BUCKET, fileId: shared.$id })
    expect(seen.$id).toBe(shared.$id)
    const asB = await api(filePath(shared.$id, '/download'), { auth: { session: b.session } })
    expect(asB.status).toBe(200)
    await asB.arrayBuffer()
    const del = await rejects(storageOf(b).deleteFile({ bucketId: BUCKET, fileId: shared.$id }))
    expect(del.type).toBe('user_unauthorized')
    const renamed = await storageOf(a).updateFile({
      bucketId: BUCKET,
      fileId: shared.$id,
      name: 'renamed.bin',
    })
    expect(renamed).toMatchObject({ name: 'renamed.bin', $permissions: shared.$permissions })
  })

  it('uploads ~11 MiB in 5 MiB chunks from the browser SDK, bytes intact', async () => {
    const data = bytes(11 * MiB)
    const progress: number[] = []
    const file = await storageOf(a).createFile({
      bucketId: BUCKET,
      fileId: ID.unique(),
      file: new File([data], 'video.mp4', { type: 'video/mp4' }),
      onProgress: (p) => progress.push(p.progress),
    })
    expect(file).toMatchObject({ chunksTotal: 3, chunksUploaded: 3, mimeType: 'video/mp4' })
    expect(progress.at(-1)).toBe(100)
    const back = await fetch(storageOf(a).getFileDownload({ bucketId: BUCKET, fileId: file.$id }), {
      headers: cookie(a),
    })
    expect(sha256(await back.arrayBuffer())).toBe(sha256(data))
  })

  it('publishes file events to the roles that may read the file', async () => {
    const [rtA, rtB] = [live(a.session), live(b.session)]
    const [gotA, gotB] = [inbox(), inbox()]
    const channel = `buckets.${BUCKET}.files`
    await rtA.subscribe(channel, gotA.push)
    await rtB.subscribe(channel, gotB.push)
    await Promise.all([acked(rtA, channel), acked(rtB, channel)])

    const own = await upload(a, bytes(10), 'mine.bin')
    const shared = await upload(a, bytes(10), 'ours.bin', [
      Permission.read(Role.team(USER_TEAM)),
      Permission.delete(Role.user(a.id)),
    ])
    const first = await gotA.nth(1)
    expect(first.events).toContain(`buckets.${BUCKET}.files.${own.$id}.create`)
    expect(first.channels).toEqual(
      expect.arrayContaining(['files', channel, `${channel}.${own.$id}`, `${channel}.create`]),
    )
    expectModel(first.payload, 'file')
    // B's first event is the shared file: the private one never reached B.
    expect((await gotB.nth(1)).payload.$id).toBe(shared.$id)

    await storageOf(a).deleteFile({ bucketId: BUCKET, fileId: shared.$id })
    const deleted = await gotB.nth(2)
    expect(deleted.events).toContain(`buckets.${BUCKET}.files.${shared.$id}.delete`)
  })
})
