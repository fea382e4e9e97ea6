import { ID, Permission, Role, Storage } from 'appwrite'
import { expect } from 'vitest'
import { BUCKET_ID } from '../../shared/db-schema'
import { call, PASSWORD, startAdapterPair, userOf, type AdapterPair } from './api-setup'
import { webClient, type WebClient } from './helpers/web-sdk'

// Shared pieces of the attachment compat tests: a signed-in member of the team `user` with the
// web SDK's Storage, and uploads as the SPA makes them.
export type Person = { id: string; web: WebClient; storage: Storage; jwt: string }

/**
 * The adapter pair of the attachment, thumbnail, message action and receipt files: one for the
 * run (AppServerOptions.shared). Their tests already run twice on the same data (once per adapter,
 * both on A's) and each makes its own files, messages and rooms, so none needs a fresh server.
 */
export const attachmentsPair = (): Promise<AdapterPair> =>
  startAdapterPair({}, { shared: 'attachments' })

/** The files that share their server (ATTACHMENTS_PAIR) share these people, made by the first. */
export async function person(server: string, email: string, name: string): Promise<Person> {
  const { id } = await userOf(server, email, name)
  const web = webClient(server)
  await web.account.createEmailPasswordSession({ email, password: PASSWORD })
  const { jwt } = await web.account.createJWT()
  const joined = await call(server, '/auth/assign-teams', { userId: id }, jwt)
  expect(joined.status).toBe(200)
  return { id, web, storage: new Storage(web.client), jwt }
}

/** The shared pair and its Ada and Ben, for a file's beforeAll. */
export async function attachmentsPeople() {
  const pair = await attachmentsPair()
  const ada = await person(pair.a.url, 'ada@kathelia.test', 'Ada')
  const ben = await person(pair.a.url, 'ben@kathelia.test', 'Ben')
  return { pair, ada, ben }
}

/** Shared with the partner's team; only the uploader may change or delete it (as the SPA does). */
export const shared = (id: string) => [
  Permission.read(Role.team('user')),
  Permission.update(Role.user(id)),
  Permission.delete(Role.user(id)),
]

/** A 2048-byte file uploaded by `p` with the web SDK. */
export const upload = (p: Person, name: string, type: string, permissions?: string[]) =>
  p.storage.createFile({
    bucketId: BUCKET_ID,
    fileId: ID.unique(),
    file: new File([new Uint8Array(2048).fill(7)], name, { type }),
    permissions: permissions ?? shared(p.id),
  })
