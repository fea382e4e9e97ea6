import type { MessageSearch } from './use-message-search'

/** Says what the filtered list holds, and whether it is the whole room's history. */
export default function SearchNote({ search, loaded }: { search: MessageSearch; loaded: number }) {
  const n = search.shown.length
  const matching = `${n} message${n === 1 ? '' : 's'} matching “${search.term}”`
  if (search.status === 'failed')
    return (
      <p className="search-note">
        The search could not reach the server: {matching} among the {loaded} loaded messages only.{' '}
        <button type="button" className="link" onClick={search.retry}>
          Search again
        </button>
      </p>
    )
  if (search.status === 'searching')
    return <p className="search-note">{matching} so far; searching all of the room’s messages…</p>
  if (search.hasMore)
    return (
      <p className="search-note">
        The newest {matching}.{' '}
        <button
          type="button"
          className="link"
          disabled={search.loadingMore}
          onClick={search.loadMore}
        >
          {search.loadingMore ? 'Loading older matches…' : 'Load older matches'}
        </button>
      </p>
    )
  if (!n) return <p className="search-note">No messages match “{search.term}” in this room</p>
  return <p className="search-note">{matching} in this room</p>
}
