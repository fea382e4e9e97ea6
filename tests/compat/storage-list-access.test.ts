import { USER_TEAM } from './helpers/realtime'
import { newUser, sessionClient } from './helpers/users'
import { ID, Permission, Query, Role, Storage } from 'appwrite'
import { beforeAll, describe, expect, it } from 'vitest'
import { BUCKET, bytes, keyStorage } from './storage-setup'

// Listing files filters by each file's read permission in SQL (file security; the bucket grants
// no read): a member sees exactly the files shared with them, `total` counts only those.
type User = Awaited<ReturnType<typeof newUser>>
let a: User, b: User, outsider: User
const storageOf = (u: User) => new Storage(sessionClient(u))

beforeAll(async () => {
  ;[a, b, outsider] = await Promise.all([
    newUser({ teams: [USER_TEAM] }),
    newUser({ teams: [USER_TEAM] }),
    newUser(),
  ])
})

describe('listing files', () => {
  it('lists only the files each caller may read', async () => {
    const tag = ID.unique()
    const upload = (name: string, permissions?: string[], by = a) =>
      storageOf(by).createFile({
        bucketId: BUCKET,
        fileId: ID.unique(),
        file: new File([bytes(8)], `${tag}-${name}`),
        permissions,
      })
    const mine = await upload('mine.bin')
    const team = await upload('team.bin', [Permission.read(Role.team(USER_TEAM))])
    const forB = await upload('b.bin', undefined, b)
    const queries = [Query.startsWith('name', tag)]
    const ids = async (pending: Promise<{ total: number; files: { $id: string }[] }>) => {
      const list = await pending
      expect(list.total).toBe(list.files.length)
      return list.files.map((f) => f.$id).sort()
    }
    const seenBy = (u: User) => ids(storageOf(u).listFiles({ bucketId: BUCKET, queries }))
    expect(await seenBy(a)).toEqual([mine.$id, team.$id].sort())
    expect(await seenBy(b)).toEqual([team.$id, forB.$id].sort())
    expect(await seenBy(outsider)).toEqual([])
    const withKey = await ids(keyStorage().listFiles({ bucketId: BUCKET, queries }))
    expect(withKey).toEqual([mine.$id, team.$id, forB.$id].sort())
  })
})
