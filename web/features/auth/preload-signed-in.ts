import type { QueryClient } from '@tanstack/react-query'
import { ChatRoom } from '../chat/lazy-chat-room'
import { roomIdOf } from '../chat/room-path'
import { SignedInApp } from '../layout/lazy-signed-in-app'

/** The signed-in layout and the chat, so their first render need not wait (or suspend). */
export function preloadSignedInChunks() {
  // A failed fetch is retried by the render that needs the chunk, which reports it then.
  for (const part of [SignedInApp, ChatRoom]) part.preload().catch(() => undefined)
}

/**
 * A session is likely: fetch the signed-in chunks and the open room's messages while the account
 * is checked, rather than one after another once it is. A refused account only wastes them.
 */
export function preloadSignedIn(queryClient: QueryClient, pathname: string) {
  preloadSignedInChunks()
  const roomId = roomIdOf(pathname)
  if (!roomId) return
  void import('../chat/messages-query').then(({ messagesQuery }) =>
    queryClient.prefetchInfiniteQuery({ ...messagesQuery(roomId), retry: false }),
  )
}
