export function FullScreenSpinner({ label }: { label: string }) {
  return (
    <div className="fullscreen-spinner" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  )
}
