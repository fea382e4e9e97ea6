import { createFileRoute } from '@tanstack/react-router'
import { HOME_ROOM_ID } from '../../shared/constants'
import { LazyChatRoom } from '../features/chat/lazy-chat-room'

export const Route = createFileRoute('/')({
  component: HomePage,
})

function HomePage() {
  return <LazyChatRoom roomId={HOME_ROOM_ID} />
}
