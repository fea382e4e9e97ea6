import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/settings')({
  component: SettingsPage,
})

function SettingsPage() {
  return (
    <section className="placeholder-page" aria-labelledby="page-title">
      <h1 id="page-title">Settings</h1>
      <p>Personal preferences for Kathelia. More settings arrive in a later release.</p>
    </section>
  )
}
