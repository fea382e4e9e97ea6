import type { QueryClient } from '@tanstack/react-query'
import { loadUploads } from './message-parts'
import { outbox, removePending, setPendingState, setUpload } from './outbox'

// The files of messages whose upload has not finished, while the page lives: a File cannot be
// stored with the outbox, so a failed upload can be retried only until the page is left. The
// upload itself is upload-run.ts, a chunk of its own.
export const files = new Map<string, File>()

// A photo's picture from memory by its message's clientId: over its progress while it uploads,
// then under its stored thumbnail until that has loaded (attachment-view.tsx), so the bubble
// never blanks between the two, however long the send waits. Of the uploaded ones the newest few
// are kept: one whose bubble never showed its thumbnail (another room was open) goes in time.
const pictures = new Map<string, string>()
const PICTURES_KEPT = 8

/** The picture of a photo whose file this page holds (made once, kept until dropped). */
export function pictureOf(clientId: string) {
  const file = files.get(clientId)
  if (file && !pictures.has(clientId)) {
    pictures.set(clientId, URL.createObjectURL(file))
    // Of those uploaded (their File let go); one still on its way keeps its picture.
    const done = [...pictures.keys()].filter((id) => !files.has(id))
    for (const old of done.slice(0, -PICTURES_KEPT)) dropPicture(old)
  }
  return pictures.get(clientId)
}

export const shownPicture = (clientId: string | null | undefined) =>
  clientId ? pictures.get(clientId) : undefined

export function dropPicture(clientId: string) {
  const url = pictures.get(clientId)
  if (url) URL.revokeObjectURL(url)
  pictures.delete(clientId)
}

// Uploads cancelled by their sender: a run sees it after its current request and cleans up.
export const cancelled = new Set<string>()

/** Uploads the file of an outbox message (queued with `upload` set), then sends it. */
export function uploadAndSend(queryClient: QueryClient, clientId: string, file: File) {
  files.set(clientId, file)
  return retryUpload(queryClient, clientId, false)
}

/** Whether a failed upload can still be retried (its File is still in memory). */
export const canRetryUpload = (clientId: string) => files.has(clientId)

/** An upload that could not start (its chunk did not load: offline before it was cached) failed. */
export const retryUpload = (queryClient: QueryClient, clientId: string, again = true) =>
  loadUploads().then(
    (m) => m.runUpload(queryClient, clientId, again),
    () => {
      setUpload(clientId, { progress: 0, failed: true })
      setPendingState(clientId, 'failed')
    },
  )

/** The uploads a lost connection failed, tried again (the connection is back). */
export function retryFailedUploads(queryClient: QueryClient) {
  for (const item of outbox.items)
    if (item.upload?.failed && files.has(item.clientId))
      void retryUpload(queryClient, item.clientId)
}

/**
 * Stops an upload and takes its message back (the bubble goes): what was already stored of it
 * is deleted once its request ends, and nothing is sent.
 */
export function cancelUpload(clientId: string) {
  cancelled.add(clientId)
  files.delete(clientId)
  dropPicture(clientId)
  removePending(new Set([clientId]))
  // Leaving asks first only while a file is on its way: the runner's, in once any upload ran.
  void loadUploads().then(
    (m) => m.guardLeaving(),
    () => undefined,
  )
}
