import { globalState } from '../../state/global-state'
import { ChatRoom } from '../chat/lazy-chat-room'
import { roomIdOf } from '../chat/room-path'
import { SignedInApp } from '../layout/lazy-signed-in-app'

/** The signed-in layout and the chat, so their first render need not wait (or suspend). */
export function preloadSignedInChunks() {
  // A failed fetch is retried by the render that needs the chunk, which reports it then.
  for (const part of [SignedInApp, ChatRoom]) part.preload().catch(() => undefined)
}

let preloaded = false

/**
 * A session is likely: fetch the signed-in chunks, the account check's, a JWT for `/api` and the
 * open room's messages while the account is checked, rather than one after another once it is.
 * A refused account only wastes them. Once per page: a second prefetch would read the messages
 * again.
 */
export function preloadSignedIn(pathname: string) {
  if (preloaded) return
  preloaded = true
  preloadSignedInChunks()
  import('./session').catch(() => undefined)
  void import('../../lib/jwt').then(({ getJwt }) => getJwt()).catch(() => undefined)
  const roomId = roomIdOf(pathname)
  if (!roomId) return
  // Both modules are in the signed-in chunk fetched above: no request of their own.
  // A preload that cannot come (offline) is no error: the room asks again when it renders.
  void Promise.all([import('../chat/messages-query'), import('../../lib/query-client')])
    .then(([{ messagesQuery }, { queryClient }]) =>
      queryClient.prefetchInfiniteQuery({ ...messagesQuery(roomId), retry: false }),
    )
    .catch(() => undefined)
}

/**
 * Before the session probe answers: this browser was signed in when last used (the kept display
 * data says so), so a session is likely and the preloads overlap the probe's round trip.
 */
export function preloadIfSignedInBefore() {
  if (globalState.account) preloadSignedIn(window.location.pathname)
}
