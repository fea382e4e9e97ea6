import { createFileRoute } from '@tanstack/react-router'
import { LazyChatRoom } from '../features/chat/lazy-chat-room'

export const Route = createFileRoute('/rooms/$roomId')({
  component: RoomPage,
})

function RoomPage() {
  const { roomId } = Route.useParams()
  // A key per room resets scroll position and per-room hooks when switching rooms.
  return <LazyChatRoom key={roomId} roomId={roomId} />
}
