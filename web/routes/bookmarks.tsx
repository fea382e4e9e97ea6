import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/bookmarks')({
  component: BookmarksPage,
})

function BookmarksPage() {
  return (
    <main>
      <h1>Bookmarks</h1>
    </main>
  )
}
