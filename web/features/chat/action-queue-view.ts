import type { QueryClient } from '@tanstack/react-query'
import type { Change } from './action-queue-store'
import type { MessagesData } from './messages-query'
import { waiting, type Message } from './message-model'
import { storeReaction } from './reactions-query'

// How what waits in the action queue (action-queue.ts) shows in this tab's caches.

export type At = { roomId: string; messageId: string; meId: string }

/** A reaction as wished, in the room's cached reactions. */
export const shownReaction = (client: QueryClient, at: At, emoji: string, on: boolean) =>
  storeReaction(client, { $id: '', ...at, userId: at.meId, emoji }, on)

/** The message as this page holds it, in whichever room's pages. */
export const cachedMessage = (client: QueryClient, messageId: string) =>
  client
    .getQueriesData<MessagesData>({ queryKey: ['messages'] })
    .flatMap(([, data]) => data?.pages.flatMap((p) => p.rows) ?? [])
    .find((m) => m.$id === messageId)

/** How a waiting change shows: new words (its edit time is the server's to set), or deleted. */
export const shown = (q: Change): Partial<Message> =>
  q.kind === 'edit'
    ? { roomId: q.roomId, message: q.message, queued: true }
    : {
        roomId: q.roomId,
        message: '',
        attachment: null,
        gif: null,
        replyToId: null,
        forwarded: false,
        deletedAt: waiting.get(q.messageId)?.deletedAt ?? new Date().toISOString(),
        queued: true,
      }
