import type { PendingMessage } from '../../../web/features/chat/message-model'

/**
 * A stand-in for the browser's localStorage in Node, installed on `globalThis`: as in the
 * browser, the stored values are the object's own keys (Object.keys lists them) and the methods
 * are not. Returns the function that removes it.
 */
export function installMemoryStorage(): () => void {
  const methods: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem(this: Record<string, string>, key: string) {
      return Object.hasOwn(this, key) ? this[key]! : null
    },
    setItem(this: Record<string, string>, key: string, value: string) {
      this[key] = String(value)
    },
    removeItem(this: Record<string, string>, key: string) {
      delete this[key]
    },
  }
  Object.assign(globalThis, { localStorage: Object.create(methods) as Storage })
  return () => delete (globalThis as { localStorage?: unknown }).localStorage
}

/** The keys of the outbox lists stored for `userId`, one per tab that kept messages. */
export const outboxKeys = (userId: string) =>
  Object.keys(localStorage).filter(
    (k) => k === `kathelia-outbox:${userId}` || k.startsWith(`kathelia-outbox:${userId}:`),
  )

/** Every outbox list stored for `userId`, in one array. */
export const storedOutbox = (userId: string): PendingMessage[] =>
  outboxKeys(userId).flatMap((k) => JSON.parse(localStorage.getItem(k)!) as PendingMessage[])
