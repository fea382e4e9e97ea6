import { USER_TEAM } from './helpers/realtime'
import { api } from './helpers/server-sdk'
import { newUser } from './helpers/users'
import { Permission, Role } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { bytes, filePath, MiB, postFile, sha256 } from './storage-setup'

// A chunked upload continues under X-Appwrite-Id. Only whoever started it may add chunks: another
// member of the bucket's create role must neither write into it nor see its file model.

type User = Awaited<ReturnType<typeof newUser>>
let a: User, b: User

beforeAll(async () => {
  ;[a, b] = await Promise.all([newUser({ teams: [USER_TEAM] }), newUser({ teams: [USER_TEAM] })])
})

const SIZE = 2 * 5 * MiB + 321
const slice = (data: Uint8Array<ArrayBuffer>, i: number) =>
  data.slice(i * 5 * MiB, Math.min((i + 1) * 5 * MiB, data.length))
const range = (i: number, size = SIZE) =>
  `bytes ${i * 5 * MiB}-${Math.min((i + 1) * 5 * MiB, size) - 1}/${size}`
const chunk = (u: User, data: Uint8Array<ArrayBuffer>, i: number, uploadId?: string) =>
  postFile({
    fileId: 'unique()',
    data: slice(data, i),
    range: range(i),
    uploadId,
    auth: { session: u.session },
  })

async function startUpload(permissions?: string[]) {
  const data = bytes(SIZE)
  const first = await postFile({
    fileId: 'unique()',
    data: slice(data, 0),
    range: range(0),
    permissions,
    auth: { session: a.session },
  })
  expect(first.status).toBe(201)
  const started = await first.json()
  expect(started.chunksUploaded).toBe(1)
  return { data, id: started.$id as string }
}

/** A refused chunk: its status and type, and proof the body holds no file model. */
async function refused(res: Response) {
  const body = await res.json()
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'type', 'version'])
  return [res.status, body.type]
}

async function finishAndCheck(data: Uint8Array<ArrayBuffer>, id: string) {
  expect((await chunk(a, data, 1, id)).status).toBe(201)
  const last = await chunk(a, data, 2, id)
  expect(await last.json()).toMatchObject({ $id: id, chunksUploaded: 3 })
  const back = await api(filePath(id, '/download'), { auth: { session: a.session } })
  expect(sha256(await back.arrayBuffer())).toBe(sha256(data))
}

describe('continuing a chunked upload', () => {
  it("refuses another member's chunk on my private upload as if the id were taken", async () => {
    const { data, id } = await startUpload()
    const intruder = bytes(SIZE)
    expect(await refused(await chunk(b, intruder, 1, id))).toEqual([
      409,
      'storage_file_already_exists',
    ])
    expect(await refused(await chunk(b, intruder, 2, id))).toEqual([
      409,
      'storage_file_already_exists',
    ])
    // A wrong total size answers the same, so the refusal does not reveal the file's size.
    const probe = await postFile({
      fileId: 'unique()',
      data: bytes(1000),
      range: 'bytes 0-999/1000',
      uploadId: id,
      auth: { session: b.session },
    })
    expect(await refused(probe)).toEqual([409, 'storage_file_already_exists'])
    // My upload is untouched: my own chunks complete it with my bytes only.
    await finishAndCheck(data, id)
  })

  it('refuses a member who may read my upload but did not start it', async () => {
    const { data, id } = await startUpload([
      Permission.read(Role.team(USER_TEAM)),
      Permission.update(Role.team(USER_TEAM)),
      Permission.delete(Role.user(a.id)),
    ])
    expect(await refused(await chunk(b, bytes(SIZE), 2, id))).toEqual([401, 'user_unauthorized'])
    await finishAndCheck(data, id)
  })
})
