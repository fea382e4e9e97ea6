import type { FetchStatus } from '@tanstack/react-query'
import { offlineWait } from '../../shared/texts'

type Waiting = { isPending: boolean; fetchStatus: FetchStatus }

/**
 * A list's first answer on its way: a spinner, or offline a line that says it waits. React Query
 * pauses a query while the browser is offline (until the connection returns), so a spinner
 * there would turn for as long as the connection is gone, telling nothing.
 */
export function QueryWait({ query, label, what }: { query: Waiting; label: string; what: string }) {
  if (!query.isPending) return null
  if (query.fetchStatus === 'paused')
    return (
      <p className="section-note" role="status">
        {offlineWait(what)}
      </p>
    )
  return <div className="spinner" role="status" aria-label={label} />
}
