import { createFileRoute } from '@tanstack/react-router'
import { BreachesPage } from '../features/breaches/breaches-page'

export const Route = createFileRoute('/breaches')({
  component: BreachesPage,
})
