import type { QueryClient } from '@tanstack/react-query'
import type { RealtimeResponseEvent } from 'appwrite'
import { eventAction, type RowAction } from '../realtime/channels'
import { noteLiveMessage } from './live-replay'
import { awaitsReading, insertMessage, toMessage, type Message } from './message-model'
import { messagesKey, type MessagesData } from './messages-query'
import { removePending } from './outbox'
import { patchSingleMessage } from './single-message-query'
import { unreadKey } from './unread-query'
import { activeChat } from './active-chat'
import { markRead, readState } from './read-state'
import { partnerSpoke } from '../presence/use-partner-typing'
import { loadEventExtras } from './message-parts'

/** One message row event → the room's cached pages, the outbox and the unread counts. */
export function applyMessageEvent(
  queryClient: QueryClient,
  e: RealtimeResponseEvent<Record<string, unknown>>,
  meId: string,
) {
  const action = eventAction(e.events)
  const message = toMessage(e.payload)
  patchSingleMessage(queryClient, message, action === 'delete')
  void loadEventExtras().then(
    (x) => x.afterMessageEvent(queryClient, meId, action, message, e.payload),
    () => undefined,
  )
  uncount(queryClient, message, action, meId)
  if (action === 'delete') {
    noteLiveMessage(message, true)
    queryClient.setQueryData<MessagesData>(
      messagesKey(message.roomId),
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((p) => ({ rows: p.rows.filter((m) => m.$id !== message.$id) })),
        },
    )
    return
  }
  storeMessage(queryClient, message)
  if (action !== 'create' || !awaitsReading(message, meId)) return
  partnerSpoke[message.roomId] = Date.parse(message.$createdAt)
  if (activeChat.roomId === message.roomId && activeChat.atBottom && !document.hidden) {
    markRead(message.roomId, message.seq)
  } else {
    queryClient.setQueryData<number>(unreadKey(message.roomId), (n) => (n ?? 0) + 1)
  }
}

/**
 * A partner's message deleted (marked or removed) before it was read leaves the room's count:
 * the count is read again, since whether it was counted is the server's read's to say.
 */
function uncount(queryClient: QueryClient, m: Message, action: RowAction | null, meId: string) {
  const gone = action === 'delete' || (action === 'update' && m.deletedAt)
  const unread = m.seq > (readState.lastRead[m.roomId] ?? Infinity)
  if (gone && unread && m.kind === 'user' && m.senderId !== meId)
    void queryClient.invalidateQueries({ queryKey: unreadKey(m.roomId) })
}

/** Adds a confirmed row (from realtime or the send response) and retires its optimistic copy. */
export function storeMessage(queryClient: QueryClient, message: Message) {
  noteLiveMessage(message)
  const data = queryClient.setQueryData<MessagesData>(
    messagesKey(message.roomId),
    (old) => old && { ...old, pages: insertMessage(old.pages, message) },
  )
  // Without loaded pages the optimistic copy stays until the fetch brings the row.
  if (data && message.clientId) removePending(new Set([message.clientId]))
}
