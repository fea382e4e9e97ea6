type Props = { loading: boolean; failed: boolean; retry: () => void }

/**
 * Over the log, not in it (a line above the rows would push them down as it comes and goes): an
 * older page on its way, or one that failed, with a retry. The rows already shown stay.
 */
export function OlderPageStatus({ loading, failed, retry }: Props) {
  if (loading)
    return (
      <div className="loading-older" role="status">
        Loading older messages…
      </div>
    )
  if (!failed) return null
  return (
    <div className="loading-older" role="alert">
      Older messages could not be loaded.{' '}
      <button type="button" className="link" onClick={retry}>
        Try again
      </button>
    </div>
  )
}
