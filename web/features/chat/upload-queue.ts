import type { QueryClient } from '@tanstack/react-query'
import { loadUploads } from './message-parts'
import { outbox } from './outbox'

// The files of messages whose upload has not finished, while the page lives: a File cannot be
// stored with the outbox, so a failed upload can be retried only until the page is left. The
// upload itself is upload-run.ts, a chunk of its own.
export const files = new Map<string, File>()

/** Uploads the file of an outbox message (queued with `upload` set), then sends it. */
export function uploadAndSend(queryClient: QueryClient, clientId: string, file: File) {
  files.set(clientId, file)
  return retryUpload(queryClient, clientId, false)
}

/** Whether a failed upload can still be retried (its File is still in memory). */
export const canRetryUpload = (clientId: string) => files.has(clientId)

export const retryUpload = async (queryClient: QueryClient, clientId: string, again = true) =>
  (await loadUploads()).runUpload(queryClient, clientId, again)

/** The uploads a lost connection failed, tried again (the connection is back). */
export function retryFailedUploads(queryClient: QueryClient) {
  for (const item of outbox.items)
    if (item.upload?.failed && files.has(item.clientId))
      void retryUpload(queryClient, item.clientId)
}

/**
 * Stops an upload and takes its message back (the bubble goes): what was already stored of it
 * is deleted once its request ends, and nothing is sent. Only an upload under way offers it, so
 * its chunk is in.
 */
export const cancelUpload = async (clientId: string) => (await loadUploads()).cancelUpload(clientId)
