import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import '../settings/settings.css'
import './breaches.css'
import { BreachCheckForm } from './breach-check-form'
import { breachConfigQuery, scansQuery } from './scans-query'
import { savedAt } from '../../../shared/date-format'
import { useSnapshot } from 'valtio'
import { PageHeading } from '../../lib/page-heading'
import { QueryWait } from '../../lib/query-wait'
import { globalState } from '../../state/global-state'

/** /breaches: check an address with the configured leak-check lookup; past checks below. */
export function BreachesPage() {
  const config = useQuery(breachConfigQuery())
  const scans = useInfiniteQuery(scansQuery())
  const list = scans.data?.pages.flat() ?? []
  // How to switch them on is for the admin (who runs the server); the partner is told only that.
  const { showAdmin } = useSnapshot(globalState).flags

  return (
    <div className="settings-page breaches-page">
      <header className="settings-head">
        <PageHeading>Breaches</PageHeading>
        <p className="section-note">
          Whether an email address appears in known data breaches. Only you see your checks.
        </p>
      </header>
      {config.data?.leakCheck === false && (
        <p className="notice notice-info" role="status">
          {/* One child: the notice is a grid, which would put each code element on a row. */}
          {showAdmin ? (
            <span>
              Breach checks are off on this server. An administrator enables them by setting{' '}
              <code>LEAKCHECK_URL</code> (and <code>LEAKCHECK_KEY</code> if the service needs one).
            </span>
          ) : (
            <span>Breach checks are not available on this server.</span>
          )}
        </p>
      )}
      {config.data?.leakCheck && <BreachCheckForm />}
      <section className="settings-section" aria-labelledby="scans-title">
        <h2 id="scans-title">Past checks</h2>
        <QueryWait query={scans} label="Loading checks" what="Past checks" />
        {scans.isError && <p role="alert">Past checks could not be loaded.</p>}
        {scans.isSuccess && list.length === 0 && <p className="section-note">No checks yet.</p>}
        {list.length > 0 && (
          <ul className="scan-list" aria-label="Past checks">
            {list.map((s) => (
              <li key={s.$id} className="scan">
                <p>
                  <strong>{s.target}</strong> ·{' '}
                  <time dateTime={s.$createdAt}>{savedAt(s.$createdAt)}</time>
                </p>
                <p className={s.found ? 'scan-found' : 'scan-clear'}>
                  {s.found
                    ? `Found in ${s.found} ${s.found === 1 ? 'breach' : 'breaches'}`
                    : 'Not found in known breaches'}
                </p>
                {s.sources.length > 0 && (
                  <ul className="scan-sources" aria-label={`Breaches of ${s.target}`}>
                    {s.sources.map((src, i) => (
                      <li key={`${src.name}-${i}`}>
                        {src.name}
                        {src.date && ` (${src.date})`}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
        {scans.hasNextPage && (
          <button
            type="button"
            className="secondary"
            disabled={scans.isFetchingNextPage}
            onClick={() => void scans.fetchNextPage()}
          >
            Load more
          </button>
        )}
      </section>
    </div>
  )
}
