import { Suspense } from 'react'
import { preloadable } from '../../lib/preloadable'

// The router resolves the matched route before the auth gate decides, even for a visitor, so the
// chat is a chunk of its own that only a signed-in render (or a preload) requests.
export const ChatRoom = preloadable(() => import('./chat-room'))

/**
 * One room's chat. Keyed by the room: another room is a new chat, opening at its own newest
 * message or unread line, not at the scroll place, search results or menus of the last one.
 */
export function LazyChatRoom({ roomId }: { roomId: string }) {
  return (
    <Suspense fallback={<div className="page-spinner" role="status" aria-label="Loading chat" />}>
      <ChatRoom key={roomId} roomId={roomId} />
    </Suspense>
  )
}
