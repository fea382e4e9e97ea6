import { proxy } from 'valtio'
import type { PendingMessage } from './message-model'

// Optimistic messages live outside the query cache so a refetch (e.g. after a reconnect) never
// drops one; each leaves once the server's row with the same clientId is loaded.
export const outbox = proxy({ items: [] as PendingMessage[] })

export function addPending(item: PendingMessage) {
  outbox.items.push(item)
}

export function setPendingState(clientId: string, state: PendingMessage['state']) {
  const item = outbox.items.find((i) => i.clientId === clientId)
  if (item) item.state = state
}

export function removePending(clientIds: ReadonlySet<string>) {
  if (outbox.items.some((i) => clientIds.has(i.clientId)))
    outbox.items = outbox.items.filter((i) => !clientIds.has(i.clientId))
}
