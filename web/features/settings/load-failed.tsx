/**
 * A setting whose value could not be read, said where it is, with a way to ask again: its box
 * stays unusable rather than showing a value the server did not give (a receipts box "on" when
 * it was off, sharing "Off" when both shared).
 */
export function LoadFailed({ what, retry }: { what: string; retry: () => unknown }) {
  return (
    <p className="section-note load-failed" role="alert">
      {what} could not be loaded.{' '}
      <button type="button" className="link" onClick={() => void retry()}>
        Try again
      </button>
    </p>
  )
}
