import { Suspense } from 'react'
import { preloadable } from '../../lib/preloadable'

// Route chunks load even for visitors (the router resolves "/" before the auth gate decides),
// so the chat itself is a further chunk that only a signed-in render (or a preload) requests.
export const ChatRoom = preloadable(() => import('./chat-room'))

export function LazyChatRoom({ roomId }: { roomId: string }) {
  return (
    <Suspense fallback={<div className="page-spinner" role="status" aria-label="Loading chat" />}>
      <ChatRoom roomId={roomId} />
    </Suspense>
  )
}
