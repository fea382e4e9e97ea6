import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/bookmarks')({
  component: BookmarksPage,
})

function BookmarksPage() {
  return (
    <section className="placeholder-page" aria-labelledby="page-title">
      <h1 id="page-title">Bookmarks</h1>
      <p>
        Save the links and memories you want to keep together. This area arrives in a later release.
      </p>
    </section>
  )
}
