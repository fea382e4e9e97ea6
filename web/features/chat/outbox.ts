import { proxy } from 'valtio'
import type { PendingMessage } from './message-model'

// Optimistic messages live outside the query cache so a refetch (e.g. after a reconnect) never
// drops one; each leaves once the server's row with the same clientId is loaded. The unsent ones
// are also kept per user in localStorage, so neither a reload nor a restart loses one
// (outbox-storage.ts).
export const outbox = proxy({ items: [] as PendingMessage[] })

/**
 * Client ids of messages written on an earlier visit and sent again on this one. Stored, they come
 * after whatever arrived meanwhile, but they answer none of it: no unread line ends for one, and
 * the reader is not taken down to it past what they came to read.
 */
const resentIds = new Set<string>()
export const isResent = (clientId: string | null | undefined) =>
  !!clientId && resentIds.has(clientId)
export const markResent = (clientId: string) => void resentIds.add(clientId)

export function addPending(item: PendingMessage) {
  outbox.items.push(item)
}

/**
 * `rejected`: the server refused this message (not a lost connection), so only a Retry resends
 * it; its error code when it gave one.
 */
export function setPendingState(
  clientId: string,
  state: PendingMessage['state'],
  rejected: PendingMessage['rejected'] = false,
) {
  const item = outbox.items.find((i) => i.clientId === clientId)
  if (!item) return
  item.state = state
  if (rejected) item.rejected = rejected
  else delete item.rejected
}

/** The upload's progress (0-100) or failure; `undefined` once the file is in the bucket. */
export function setUpload(clientId: string, upload: PendingMessage['upload']) {
  const item = outbox.items.find((i) => i.clientId === clientId)
  if (!item) return
  if (upload) item.upload = upload
  else delete item.upload
}

/** A retried upload goes to a new file id: the failed one may have left a partial file. */
export function setFileId(clientId: string, fileId: string) {
  const item = outbox.items.find((i) => i.clientId === clientId)
  if (item?.attachment) item.attachment.fileId = fileId
}

/** The image's thumbnail once it is in the bucket; null when it goes without one. */
export function setThumbId(clientId: string, thumbId: string | null) {
  const item = outbox.items.find((i) => i.clientId === clientId)
  if (item?.attachment) item.attachment.thumbId = thumbId
}

export function removePending(clientIds: ReadonlySet<string>) {
  if (!outbox.items.some((i) => clientIds.has(i.clientId))) return
  // One of several files taken back (or stored): the one after it waits for the one before it.
  const gone = new Map(outbox.items.map((i) => [i.clientId, i.after]))
  for (const i of outbox.items)
    while (i.after && clientIds.has(i.after)) {
      const before = gone.get(i.after)
      if (before) i.after = before
      else delete i.after
    }
  outbox.items = outbox.items.filter((i) => !clientIds.has(i.clientId))
}
