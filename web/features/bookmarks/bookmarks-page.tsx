import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useRef, useState } from 'react'
import { BOOKMARK_TEXTS } from '../../../shared/schemas/bookmark'
import { toNotice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { removeBookmark } from './bookmark-write'
import { BookmarkItem } from './bookmark-item'
import { BOOKMARKS_KEY, bookmarksQuery, savedMessagesQuery, type SavedNow } from './bookmarks-query'
import { LinkBookmarkForm } from './link-bookmark-form'
import { PageHeading } from '../../lib/page-heading'
import { QueryWait } from '../../lib/query-wait'
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal'
import '../settings/settings.css'
import { useEmptiedExcerpts } from './use-emptied-excerpts'
import './bookmarks.css'

/** Whether a saved message is gone; undefined while the read that would say has not answered. */
const isGone = (now: SavedNow | undefined, id: string) =>
  now?.asked.has(id) ? now.deleted.has(id) : undefined

/** /bookmarks: the owner's saved messages and links, newest first, searchable. */
export function BookmarksPage() {
  const queryClient = useQueryClient()
  const [typed, setTyped] = useState('')
  const term = useDeferredValue(typed)
  const list = useQuery(bookmarksQuery(term))
  const messageIds = (list.data ?? []).filter((b) => b.kind === 'message').map((b) => b.messageId)
  const now = useQuery(savedMessagesQuery(messageIds)).data
  const emptied = useEmptiedExcerpts(list.data)
  const searchBox = useRef<HTMLInputElement>(null)
  // The last one removed: the focus goes back to the search box.
  const removing = useFocusAfterRemoval(() => searchBox.current)
  const remove = useMutation({
    mutationFn: removeBookmark,
    onSuccess: () => notify({ type: 'success', title: 'Bookmarks', body: BOOKMARK_TEXTS.removed }),
    onError: (err) => notify(toNotice('remove bookmark', err)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKMARKS_KEY }),
  })

  return (
    <div className="settings-page bookmarks-page">
      <header className="settings-head">
        <PageHeading>Bookmarks</PageHeading>
        <p className="section-note">
          Messages you bookmarked in a chat and links you saved. Only you can see them.
        </p>
      </header>
      <section className="settings-section" aria-labelledby="saved-title">
        <h2 id="saved-title">Saved</h2>
        <label className="bookmark-search">
          Search bookmarks
          <input
            ref={searchBox}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <QueryWait query={list} label="Loading bookmarks" what="Your bookmarks" />
        {list.isError && (
          <p role="alert">
            Bookmarks could not be loaded.{' '}
            <button type="button" className="link" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        )}
        {list.data?.length === 0 && (
          <p className="section-note">
            {term.trim() ? `No bookmark matches “${term.trim()}”.` : 'No bookmarks yet.'}
          </p>
        )}
        {!!list.data?.length && (
          <ul className="bookmark-list" aria-label="Bookmarks">
            {list.data.map((b) => (
              <BookmarkItem
                key={b.$id}
                bookmark={b}
                deleted={
                  b.kind === 'message' && (emptied.has(b.messageId) || isGone(now, b.messageId))
                }
                edited={b.kind === 'message' && !!now?.edited.has(b.messageId)}
                onRemove={(id, control) => {
                  removing(control, '[data-row-action="remove"]')
                  remove.mutate(id)
                }}
              />
            ))}
          </ul>
        )}
      </section>
      {/* After what is saved, which a phone would otherwise find below the fold. */}
      <LinkBookmarkForm />
    </div>
  )
}
