import { Suspense } from 'react'
import { preloadable } from '../../lib/preloadable'

// The router resolves the matched route before the auth gate decides, even for a visitor, so the
// chat is a chunk of its own that only a signed-in render (or a preload) requests.
export const ChatRoom = preloadable(() => import('./chat-room'))

export function LazyChatRoom({ roomId }: { roomId: string }) {
  return (
    <Suspense fallback={<div className="page-spinner" role="status" aria-label="Loading chat" />}>
      <ChatRoom roomId={roomId} />
    </Suspense>
  )
}
