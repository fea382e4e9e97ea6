import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to="/">Back home</Link>
    </section>
  )
}
