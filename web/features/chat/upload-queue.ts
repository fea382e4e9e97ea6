import type { QueryClient } from '@tanstack/react-query'
import { ID, Permission, Role } from 'appwrite'
import { BUCKET_ID, TEAMS } from '../../../shared/db-ids'
import { storage } from '../../lib/appwrite'
import { outbox, setFileId, setPendingState, setThumbId, setUpload } from './outbox'
import { flushOutbox } from './send-queue'

// The files of messages whose upload has not finished, while the page lives: a File cannot be
// stored with the outbox, so a failed upload can be retried only until the page is left.
const files = new Map<string, File>()

/** Readable by the team (the partner), changeable and deletable by the uploader alone. */
const permissionsFor = (meId: string) => [
  Permission.read(Role.team(TEAMS.user)),
  Permission.update(Role.user(meId)),
  Permission.delete(Role.user(meId)),
]

/** Uploads the file of an outbox message (queued with `upload` set), then sends it. */
export function uploadAndSend(queryClient: QueryClient, clientId: string, file: File) {
  files.set(clientId, file)
  return runUpload(queryClient, clientId, false)
}

/** Whether a failed upload can still be retried (its File is still in memory). */
export const canRetryUpload = (clientId: string) => files.has(clientId)

export function retryUpload(queryClient: QueryClient, clientId: string) {
  return runUpload(queryClient, clientId, true)
}

/** The uploads a lost connection failed, tried again (the connection is back). */
export function retryFailedUploads(queryClient: QueryClient) {
  for (const item of outbox.items)
    if (item.upload?.failed && files.has(item.clientId))
      void retryUpload(queryClient, item.clientId)
}

async function runUpload(queryClient: QueryClient, clientId: string, again: boolean) {
  const file = files.get(clientId)
  const item = outbox.items.find((i) => i.clientId === clientId)
  if (!file || !item?.attachment) return
  if (again) setFileId(clientId, ID.unique())
  const { fileId } = item.attachment
  setUpload(clientId, { progress: 0, failed: false })
  setPendingState(clientId, 'sending')
  try {
    await uploadThumbnail(clientId, file, item.senderId)
    await storage.createFile({
      bucketId: BUCKET_ID,
      fileId,
      file,
      permissions: permissionsFor(item.senderId),
      // Called per 5 MB chunk (the SDK chunks larger files itself); a smaller file in one go.
      onProgress: ({ progress }) => setUpload(clientId, { progress, failed: false }),
    })
  } catch {
    setUpload(clientId, { progress: 0, failed: true })
    setPendingState(clientId, 'failed')
    return
  }
  files.delete(clientId)
  setUpload(clientId, undefined)
  await flushOutbox(queryClient)
}

/**
 * Uploads an image's WebP thumbnail beside it (its own file id, the same permissions). It is a
 * nicety: when it cannot be made or stored, the message goes without one (the bubble then loads
 * the original).
 */
async function uploadThumbnail(clientId: string, file: File, meId: string) {
  // Its own chunk: only a send with an image needs it.
  const { makeThumbnail } = await import('../media/thumbnail')
  const thumb = await makeThumbnail(file).catch(() => null)
  if (!thumb) return setThumbId(clientId, null)
  const thumbId = ID.unique()
  try {
    await storage.createFile({
      bucketId: BUCKET_ID,
      fileId: thumbId,
      file: thumb,
      permissions: permissionsFor(meId),
    })
    setThumbId(clientId, thumbId)
  } catch {
    setThumbId(clientId, null)
  }
}
