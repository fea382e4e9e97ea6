import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/breaches')({
  component: BreachesPage,
})

function BreachesPage() {
  return (
    <main>
      <h1>Breaches</h1>
    </main>
  )
}
