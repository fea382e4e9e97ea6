import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/breaches')({
  component: BreachesPage,
})

function BreachesPage() {
  return (
    <section className="placeholder-page" aria-labelledby="page-title">
      <h1 id="page-title">Breaches</h1>
      <p>
        Check whether your email addresses appear in known data breaches. This area arrives in a
        later release.
      </p>
    </section>
  )
}
