import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <main className="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to="/">Back home</Link>
    </main>
  )
}
