import { lazy, Suspense } from 'react'

// Route chunks load even for visitors (the router resolves "/" before the auth gate decides),
// so the chat itself is a further chunk that only a signed-in render requests.
const ChatRoom = lazy(() => import('./chat-room'))

export function LazyChatRoom({ roomId }: { roomId: string }) {
  return (
    <Suspense fallback={<div className="page-spinner" role="status" aria-label="Loading chat" />}>
      <ChatRoom roomId={roomId} />
    </Suspense>
  )
}
