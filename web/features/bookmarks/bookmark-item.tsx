import { useNavigate } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { globalState } from '../../state/global-state'
import { HOME_ROOM_ID } from '../../../shared/constants'
import { BOOKMARK_TEXTS } from '../../../shared/bookmark-texts'
import { savedAt } from '../../../shared/date-format'
import { setSearch } from '../../state/ui-state'
import { loadJumpStep, setJumpTarget } from '../chat/jump-target'
import type { Bookmark } from './bookmark-model'
import { ExcerptText } from './excerpt-text'

type Props = {
  bookmark: Bookmark
  /** The saved message is gone; undefined until the page's read of the messages has answered. */
  deleted: boolean | undefined
  /** The saved message was edited (its excerpt is the new words: /api/message/edit). */
  edited: boolean
  onRemove: (id: string, control: HTMLElement) => void
}

export function BookmarkItem({ bookmark: b, deleted, edited, onRemove }: Props) {
  const navigate = useNavigate()
  const meId = useSnapshot(globalState).account?.$id
  const saved = b.kind === 'message'
  // A message deleted for everyone leaves its bookmarks no words (/api/message/delete), so the
  // heading says it was deleted; an empty excerpt of a live message is an older save of a file.
  const wordless = saved && !b.excerpt
  const heading = !saved
    ? b.title
    : b.excerpt ||
      (deleted ? BOOKMARK_TEXTS.deletedMessage : deleted === false ? '(attachment)' : '')

  function openInChat() {
    if (b.messageSeq === null) return
    // A search left in the top bar would keep the message out of the list it is shown in.
    setSearch('')
    setJumpTarget({ roomId: b.roomId, messageId: b.messageId, seq: b.messageSeq })
    // On its way while the room loads the message's page.
    void loadJumpStep().catch(() => undefined)
    if (b.roomId === HOME_ROOM_ID) void navigate({ to: '/' })
    else void navigate({ to: '/rooms/$roomId', params: { roomId: b.roomId } })
  }

  return (
    <li className={`bookmark${deleted ? ' deleted' : ''}`}>
      <article aria-label={saved ? `Message from ${b.senderName || 'someone'}` : b.title}>
        <p className={`bookmark-title${saved ? ' quoted' : ''}${wordless ? ' wordless' : ''}`}>
          {saved && b.excerpt ? <ExcerptText text={b.excerpt} /> : heading}
        </p>
        {saved ? (
          <p className="bookmark-meta">
            {b.roomName} · {b.senderId === meId ? 'You' : b.senderName || 'Unknown sender'}
            {b.messageAt && (
              <>
                {' · '}
                <time dateTime={b.messageAt}>{savedAt(b.messageAt)}</time>
              </>
            )}
            {edited && ' (edited)'}
          </p>
        ) : (
          <p className="bookmark-meta">
            <a className="link" href={b.url} target="_blank" rel="noopener noreferrer nofollow">
              {b.url}
            </a>
            {' · saved '}
            <time dateTime={b.$createdAt}>{savedAt(b.$createdAt)}</time>
          </p>
        )}
        {b.note && <p className="bookmark-note">{b.note}</p>}
        {deleted && !wordless && (
          <p className="bookmark-deleted">{BOOKMARK_TEXTS.deletedMessage}</p>
        )}
        <div className="bookmark-actions">
          {saved && !deleted && (
            <button type="button" className="secondary" onClick={openInChat}>
              Open in chat
            </button>
          )}
          <button
            type="button"
            className="secondary"
            data-row-action="remove"
            onClick={(e) => onRemove(b.$id, e.currentTarget)}
          >
            Remove
          </button>
        </div>
      </article>
    </li>
  )
}
