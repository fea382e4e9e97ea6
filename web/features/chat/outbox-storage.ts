import { subscribe } from 'valtio'
import type { PendingMessage } from './message-model'
import { markResent, outbox } from './outbox'

const PREFIX = 'kathelia-outbox'

/**
 * Restores the user's unsent messages (as not sent, until the next attempt) ahead of any newer
 * ones and saves every change; the returned function stops saving and forgets them in memory.
 * Each open outbox (a tab's signed-in visit) writes a key of its own: two tabs saving at once
 * cannot overwrite each other's list, which one shared key allowed (each tab's storage reads
 * see the other's writes late), losing an unsent message or keeping a sent one. Opening adopts
 * every stored list of the user, another tab's too (the server takes a clientId once), and
 * removes them once they are in this tab's own; a tab open beside it leaves its list to it when
 * it goes (`onAdopted` then sends them).
 */
export function openOutbox(userId: string, onAdopted: () => void = noop): () => void {
  const mine = `${PREFIX}:${userId}`
  const own = `${mine}:${crypto.randomUUID()}`
  const closed = new AbortController()
  // Held while this visit lasts; the browser lets it go when the tab goes, however it goes.
  const held = () =>
    closed.signal.aborted || new Promise((done) => closed.signal.addEventListener('abort', done))
  void globalThis.navigator?.locks?.request(own, { signal: closed.signal }, held).catch(noop)
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
  watch = (key) => {
    void globalThis.navigator?.locks
      ?.request(key, { signal: closed.signal }, () => adoptClosed(userId, key, save, onAdopted))
      .catch(noop)
  }
  return () => {
    stop()
    closed.abort()
    ownKey = null
    watch = noop
    watched.clear()
    outbox.items = []
  }
}

let ownKey: string | null = null
let watch: (key: string) => void = noop
const watched = new Set<string>()

/**
 * Another tab's lock came free: that tab has gone (closed, crashed, signed out), and what it had
 * not sent, one in the middle of its send too, is this tab's to send now. Saved here before its
 * list goes, so no moment holds it nowhere.
 */
function adoptClosed(userId: string, key: string, save: () => boolean, onAdopted: () => void) {
  if (!ownKey) return
  const list = readList(localStorage.getItem(key))
  // Only what that list still holds: another tab may have taken it first (its list's storage
  // event, on its way, moves the rest to it here).
  const listed = new Set(list.map((i) => i.clientId))
  for (const i of outbox.items)
    if (i.elsewhere === key && listed.has(i.clientId)) delete i.elsewhere
  outbox.items.push(...notHeldYet(userId, list))
  if (save()) localStorage.removeItem(key)
  watched.delete(key)
  onAdopted()
}

/**
 * Another open tab of the user's wrote its list (a storage event): what it has not sent yet shows
 * here too, as it is there ("Sending…", or waiting for the connection), and leaves once it left
 * that list. One written there offline goes from here as well, should this tab's queue come
 * first (the server takes a clientId once); one that tab is sending is left to it, until that
 * tab goes (`adoptClosed`). Its own list keeps them: this tab's does not.
 */
export function showOtherTab(userId: string, key: string | null, list: string | null) {
  if (!ownKey || !key?.startsWith(`${PREFIX}:${userId}:`) || key === ownKey) return
  const theirs = new Map(readList(list).map((i) => [i.clientId, i]))
  outbox.items = outbox.items.filter((i) => i.elsewhere !== key || theirs.has(i.clientId))
  for (const i of outbox.items) {
    const there = theirs.get(i.clientId)
    // Another tab's message that tab holds now (it took a closed tab's list) is its.
    if (there && i.elsewhere && i.state !== 'sent') {
      i.elsewhere = key
      i.state = there.state
      i.rejected = there.rejected
    }
  }
  outbox.items.push(...notHeldYet(userId, [...theirs.values()], key))
  if (list && !watched.has(key)) {
    watched.add(key)
    watch(key)
  }
}

/**
 * The user's stored messages this tab does not hold yet (one that two lists hold comes once). From
 * an earlier visit they come as not sent, until the next attempt; from another open tab, as they
 * are there. Either way they were not written here: written offline, they answer nothing new
 * (`markResent`), while one another tab is sending now is as one's own.
 */
function notHeldYet(userId: string, stored: PendingMessage[], elsewhere?: string) {
  const known = new Set(outbox.items.map((i) => i.clientId))
  const fresh = stored.filter(
    (i) => i.senderId === userId && !known.has(i.clientId) && known.add(i.clientId),
  )
  const state = (i: PendingMessage) => (elsewhere ? i.state : ('failed' as const))
  for (const i of fresh) if (state(i) === 'failed') markResent(i.clientId)
  return fresh.map((i) => ({ ...i, state: state(i), elsewhere }))
}

function noop() {}

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
