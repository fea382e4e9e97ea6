import type { ReactNode } from 'react'

export function FullScreenSpinner({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div className="fullscreen-spinner" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{label}</p>
      {children}
    </div>
  )
}
