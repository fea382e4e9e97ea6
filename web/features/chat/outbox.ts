import { proxy, subscribe } from 'valtio'
import type { PendingMessage } from './message-model'

// Optimistic messages live outside the query cache so a refetch (e.g. after a reconnect) never
// drops one; each leaves once the server's row with the same clientId is loaded. The unsent ones
// are also kept per user in localStorage, so neither a reload nor a restart loses one.
export const outbox = proxy({ items: [] as PendingMessage[] })

const PREFIX = 'kathelia-outbox'

/**
 * Client ids of messages written on an earlier visit and sent again on this one. Stored, they come
 * after whatever arrived meanwhile, but they answer none of it: no unread line ends for one, and
 * the reader is not taken down to it past what they came to read.
 */
const resentIds = new Set<string>()
export const isResent = (clientId: string | null | undefined) =>
  !!clientId && resentIds.has(clientId)

export function addPending(item: PendingMessage) {
  outbox.items.push(item)
}

/** `rejected`: the server refused this message (not a lost connection), so only a Retry resends it. */
export function setPendingState(
  clientId: string,
  state: PendingMessage['state'],
  rejected = false,
) {
  const item = outbox.items.find((i) => i.clientId === clientId)
  if (!item) return
  item.state = state
  if (rejected) item.rejected = true
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
  if (outbox.items.some((i) => clientIds.has(i.clientId)))
    outbox.items = outbox.items.filter((i) => !clientIds.has(i.clientId))
}

/**
 * Restores the user's unsent messages (as not sent, until the next attempt) ahead of any newer
 * ones and saves every change; the returned function stops saving and forgets them in memory.
 * Each open outbox (a tab's signed-in visit) writes a key of its own: two tabs saving at once
 * cannot overwrite each other's list, which one shared key allowed (each tab's storage reads
 * see the other's writes late), losing an unsent message or keeping a sent one. Opening adopts
 * every stored list of the user, another tab's too (the server takes a clientId once), and
 * removes them once they are in this tab's own.
 */
export function openOutbox(userId: string): () => void {
  const mine = `${PREFIX}:${userId}`
  const own = `${mine}:${crypto.randomUUID()}`
  // Every earlier visit's list, and one kept under the single key of before.
  const adopted = storedKeys().filter((k) => k === mine || k.startsWith(`${mine}:`))
  outbox.items = [
    ...notHeldYet(
      userId,
      adopted.flatMap((k) => readList(localStorage.getItem(k))),
    ),
    ...outbox.items,
  ]
  let written: string | undefined
  const save = () => {
    // A message whose file is not uploaded yet cannot come back after a reload (the File is
    // gone), so only those ready to send are kept; another tab's are in that tab's list.
    const unsent = outbox.items.filter(
      (i) => i.senderId === userId && i.state !== 'sent' && !i.upload && !i.elsewhere,
    )
    // Most changes (an upload's progress) leave what is kept as it was: no write.
    const now = JSON.stringify(unsent)
    if (now === written) return true
    try {
      if (unsent.length) localStorage.setItem(own, now)
      else localStorage.removeItem(own)
      written = now
      return true
    } catch {
      // Storage full or blocked: the outbox still works for as long as the page lives.
      return false
    }
  }
  // Removed only once they are in this tab's own list: a reload meanwhile loses none of them.
  if (save()) for (const key of adopted) localStorage.removeItem(key)
  const stop = subscribe(outbox, save)
  ownKey = own
  return () => {
    stop()
    ownKey = null
    outbox.items = []
  }
}

let ownKey: string | null = null

/**
 * Another open tab of the user's wrote its list (a storage event): what it has not sent yet shows
 * here too, as it is there ("Sending…", or waiting for the connection), and leaves once it left
 * that list. One written there offline goes from here as well, should this tab's queue come
 * first (the server takes a clientId once); one that tab is sending is left to it. Its own list
 * keeps them: this tab's does not.
 */
export function showOtherTab(userId: string, key: string | null, list: string | null) {
  if (!ownKey || !key?.startsWith(`${PREFIX}:${userId}:`) || key === ownKey) return
  const theirs = new Map(readList(list).map((i) => [i.clientId, i]))
  outbox.items = outbox.items.filter((i) => i.elsewhere !== key || theirs.has(i.clientId))
  for (const i of outbox.items)
    if (i.elsewhere === key && i.state !== 'sent') {
      const there = theirs.get(i.clientId)!
      i.state = there.state
      i.rejected = there.rejected
    }
  outbox.items.push(...notHeldYet(userId, [...theirs.values()], key))
}

/**
 * The user's stored messages this tab does not hold yet (one that two lists hold comes once). From
 * an earlier visit they come as not sent, until the next attempt; from another open tab, as they
 * are there. Either way they were not written here: written offline, they answer nothing new
 * (`resentIds`), while one another tab is sending now is as one's own.
 */
function notHeldYet(userId: string, stored: PendingMessage[], elsewhere?: string) {
  const known = new Set(outbox.items.map((i) => i.clientId))
  const fresh = stored.filter(
    (i) => i.senderId === userId && !known.has(i.clientId) && known.add(i.clientId),
  )
  const state = (i: PendingMessage) => (elsewhere ? i.state : ('failed' as const))
  for (const i of fresh) if (state(i) === 'failed') resentIds.add(i.clientId)
  return fresh.map((i) => ({ ...i, state: state(i), elsewhere }))
}

const storedKeys = () => {
  try {
    return Object.keys(localStorage)
  } catch {
    return []
  }
}

// Read where storage answered (storedKeys): a list unreadable as one is none.
function readList(json: string | null): PendingMessage[] {
  try {
    const saved: unknown = JSON.parse(json ?? '[]')
    return Array.isArray(saved) ? (saved as PendingMessage[]).filter(isPending) : []
  } catch {
    return []
  }
}

const isPending = (i: PendingMessage) =>
  !!i &&
  [i.clientId, i.roomId, i.message, i.senderId, i.createdAt].every((v) => typeof v === 'string') &&
  !i.upload &&
  (i.attachment === undefined || typeof i.attachment?.fileId === 'string') &&
  (i.gif === undefined || typeof i.gif?.url === 'string')
