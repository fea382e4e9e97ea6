import type { QueryClient } from '@tanstack/react-query'
import { ID, Permission, Role } from 'appwrite'
import { BUCKET_ID, TEAMS } from '../../../shared/db-ids'
import { storage } from '../../lib/appwrite'
import { isBackendError, isNetworkFailure } from '../../lib/errors'
import { tryLater } from '../../lib/try-later'
import { readDraft, writeDraft } from './drafts'
import { outbox, setFileId, setPendingState, setThumbId, setUpload } from './outbox'
import { flushOutbox } from './send-queue'
import { cancelled, files } from './upload-queue'

// A message's file on its way (upload-queue.ts starts it): a chunk of its own, asked for once
// the room has settled (message-parts.ts), since most visits send no file.

/** Readable by the team (the partner), changeable and deletable by the uploader alone. */
const permissionsFor = (meId: string) => [
  Permission.read(Role.team(TEAMS.user)),
  Permission.update(Role.user(meId)),
  Permission.delete(Role.user(meId)),
]

export async function runUpload(queryClient: QueryClient, clientId: string, again: boolean) {
  await takeSlot()
  try {
    await upload(queryClient, clientId, again)
  } finally {
    freeSlot()
  }
}

// Two uploads at a time, begun in the order asked: ten photos sent at once, each decoded for its
// thumbnail and sent side by side, would cost a phone's memory and hold back the first one.
const SLOTS = 2
let busy = 0
const queued: (() => void)[] = []
const takeSlot = () =>
  busy < SLOTS ? void busy++ : new Promise<void>((start) => queued.push(start))
// A freed slot goes straight to the next in line.
const freeSlot = () => {
  const next = queued.shift()
  if (next) next()
  else busy--
}

async function upload(queryClient: QueryClient, clientId: string, again: boolean) {
  const file = files.get(clientId)
  const item = outbox.items.find((i) => i.clientId === clientId)
  // Taken back while it waited for its turn: nothing to do.
  if (!file || !item?.attachment) return void cancelled.delete(clientId)
  if (again) setFileId(clientId, ID.unique())
  const { fileId } = item.attachment
  const stored: string[] = []
  const stop = () => {
    for (const id of stored)
      void storage.deleteFile({ bucketId: BUCKET_ID, fileId: id }).catch(() => {})
    return cancelled.delete(clientId)
  }
  setUpload(clientId, { progress: 0, failed: false })
  setPendingState(clientId, 'sending')
  guardLeaving()
  try {
    const thumbId = await uploadThumbnail(file, item.senderId)
    if (thumbId) stored.push(thumbId)
    if (cancelled.has(clientId)) return void stop()
    setThumbId(clientId, thumbId)
    await storage.createFile({
      bucketId: BUCKET_ID,
      fileId,
      file,
      permissions: permissionsFor(item.senderId),
      // Called per 5 MB chunk (the SDK chunks larger files itself); a smaller file in one go.
      // Throwing here ends a chunked upload at its next chunk.
      onProgress: ({ progress }) => {
        if (cancelled.has(clientId)) throw new Error('cancelled')
        setUpload(clientId, { progress, failed: false })
      },
    })
    stored.push(fileId)
    if (cancelled.has(clientId)) return void stop()
  } catch (err) {
    // A cancelled chunked upload may have left its first chunks.
    if (cancelled.has(clientId)) return void (stored.push(fileId), stop())
    setUpload(clientId, { progress: 0, failed: true })
    setPendingState(clientId, 'failed')
    if (mayPassLater(err)) tryAgainLater(queryClient, clientId)
    return
  } finally {
    guardLeaving()
  }
  nextTries.delete(clientId)
  files.delete(clientId)
  setUpload(clientId, undefined)
  guardLeaving()
  await flushOutbox(queryClient)
}

// Each failed upload's own next try (send-queue.ts has the queue's).
const nextTries = new Map<string, ReturnType<typeof tryLater>>()

/** A lost connection or the server's own failure, not a refusal of this file. */
const mayPassLater = (err: unknown) =>
  isNetworkFailure(err) || (isBackendError(err) && (err.code >= 500 || err.code === 429))

/**
 * Online, a failed upload is tried again by itself, from the start, as "Retry upload" does. A
 * Retry meanwhile, a cancel or a try that started another way leaves the timer nothing to do.
 */
function tryAgainLater(queryClient: QueryClient, clientId: string) {
  const next = nextTries.get(clientId) ?? tryLater()
  nextTries.set(clientId, next)
  next.after(() => {
    // Cancelled meanwhile: nothing left to try.
    if (!files.has(clientId)) return void nextTries.delete(clientId)
    const item = outbox.items.find((i) => i.clientId === clientId)
    if (item?.upload?.failed) void runUpload(queryClient, clientId, true)
  })
}

const askBeforeLeaving = (e: BeforeUnloadEvent) => e.preventDefault()
const guards = { asking: false, keeping: false }

/**
 * While a file is on its way, leaving the page asks first (the browser's own "Leave site?"), and
 * a page left anyway keeps each caption whose file did not go (on its way or failed) as its
 * room's draft when the room has none: the file cannot come back after a reload, what was typed
 * can. Listening only then, so an idle page stays fit for the back-forward cache.
 */
export function guardLeaving() {
  const asking = outbox.items.some((i) => i.upload && !i.upload.failed)
  // Failed ones too: leaving aborts the request, which fails the upload before pagehide.
  const keeping = outbox.items.some((i) => i.upload)
  if (asking !== guards.asking)
    (asking ? addEventListener : removeEventListener)('beforeunload', askBeforeLeaving)
  if (keeping !== guards.keeping)
    (keeping ? addEventListener : removeEventListener)('pagehide', keepCaptions)
  Object.assign(guards, { asking, keeping })
}

function keepCaptions() {
  for (const i of outbox.items)
    if (i.upload && i.message.trim() && !readDraft(i.senderId, i.roomId))
      writeDraft(i.senderId, i.roomId, i.message)
}

/**
 * Uploads an image's WebP thumbnail beside it (its own file id, the same permissions): its id,
 * or null. It is a nicety: when it cannot be made or stored, the message goes without one (the
 * bubble then loads the original).
 */
async function uploadThumbnail(file: File, meId: string): Promise<string | null> {
  // Its own chunk: only a send with an image needs it.
  const { makeThumbnail } = await import('../media/thumbnail')
  const thumb = await makeThumbnail(file).catch(() => null)
  if (!thumb) return null
  const thumbId = ID.unique()
  try {
    await storage.createFile({
      bucketId: BUCKET_ID,
      fileId: thumbId,
      file: thumb,
      permissions: permissionsFor(meId),
    })
    return thumbId
  } catch {
    return null
  }
}
