import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/rooms/$roomId')({
  component: RoomPage,
})

function RoomPage() {
  const { roomId } = Route.useParams()
  return (
    <main>
      <h1>Room {roomId}</h1>
    </main>
  )
}
