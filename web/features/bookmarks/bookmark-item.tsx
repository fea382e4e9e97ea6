import { useNavigate } from '@tanstack/react-router'
import { HOME_ROOM_ID } from '../../../shared/constants'
import { BOOKMARK_TEXTS } from '../../../shared/bookmark-texts'
import { savedAt } from '../../../shared/date-format'
import { setSearch } from '../../state/ui-state'
import { setJumpTarget } from '../chat/jump-target'
import type { Bookmark } from './bookmark-model'

type Props = {
  bookmark: Bookmark
  deleted: boolean
  /** The saved message was edited (its excerpt is the new words: /api/message/edit). */
  edited: boolean
  onRemove: (id: string, control: HTMLElement) => void
}

export function BookmarkItem({ bookmark: b, deleted, edited, onRemove }: Props) {
  const navigate = useNavigate()
  const saved = b.kind === 'message'
  const heading = saved ? b.excerpt || '(attachment)' : b.title

  function openInChat() {
    if (b.messageSeq === null) return
    // A search left in the top bar would keep the message out of the list it is shown in.
    setSearch('')
    setJumpTarget({ roomId: b.roomId, messageId: b.messageId, seq: b.messageSeq })
    if (b.roomId === HOME_ROOM_ID) void navigate({ to: '/' })
    else void navigate({ to: '/rooms/$roomId', params: { roomId: b.roomId } })
  }

  return (
    <li className={`bookmark${deleted ? ' deleted' : ''}`}>
      <article aria-label={saved ? `Message from ${b.senderName || 'someone'}` : b.title}>
        <p className="bookmark-title">{heading}</p>
        {saved ? (
          <p className="bookmark-meta">
            {b.roomName} · {b.senderName || 'Unknown sender'}
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
            <a href={b.url} target="_blank" rel="noopener noreferrer nofollow">
              {b.url}
            </a>
            {' · saved '}
            <time dateTime={b.$createdAt}>{savedAt(b.$createdAt)}</time>
          </p>
        )}
        {b.note && <p className="bookmark-note">{b.note}</p>}
        {deleted && <p className="bookmark-deleted">{BOOKMARK_TEXTS.deletedMessage}</p>}
        <div className="bookmark-actions">
          {saved && !deleted && (
            <button type="button" className="secondary" onClick={openInChat}>
              Open in chat
            </button>
          )}
          <button
            type="button"
            className="link"
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
