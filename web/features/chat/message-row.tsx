import { Suspense } from 'react'
import { isEmojiOnly } from '../../../shared/emoji'
import { firstLink } from '../../../shared/linkify'
import { AttachmentView } from './attachment-view'
import type { DisplayItem } from './display-item'
import { EditedMark } from './edited-mark'
import { GifBox, GifPlayer } from './gif-box'
import { MessageBody } from './message-text'
import { BubbleMenu, MessageReactions, Tombstone } from './message-actions'
import { MessageEditor } from './message-editor'
import { MessageParts } from './message-parts'
import { NotSentLine } from './not-sent-line'
import { ReplyQuote } from './reply-quote'
import { useRoom } from './room-context'
import { useOnline } from '../../lib/use-online'

// One to three emoji alone show large; not as a file's or a GIF's caption.
const bigEmoji = (item: DisplayItem) => !item.attachment && !item.gif && isEmojiOnly(item.text)

type Props = {
  item: DisplayItem
  time: string
  /** The full date and time, shown as the time's tooltip. */
  datetime: string
  continued: boolean
  mine: boolean
  onRetry: (clientId: string) => void
}

export function MessageRow({ item, time, datetime, continued, mine, onRetry }: Props) {
  const at = item.at.toISOString()
  const room = useRoom()
  if (item.kind === 'system')
    return (
      <div className="system-notice" data-seq={item.seq ?? undefined} data-id={item.key}>
        {/* A notice about a message ("… pinned a message") shows it, as a quote does. */}
        {item.replyToId ? (
          <button
            type="button"
            className="notice-link"
            onClick={() => room.jumpTo(item.replyToId!)}
            title="Show the message"
          >
            {item.text}
          </button>
        ) : (
          <span>{item.text}</span>
        )}{' '}
        <time dateTime={at} title={datetime}>
          {time}
        </time>
      </div>
    )
  return (
    <div
      className={`msg${mine ? ' mine' : ' theirs'}${continued ? ' continued' : ''} ${item.state}`}
      data-seq={item.seq ?? undefined}
      data-id={item.seq === null ? undefined : item.key}
    >
      <div className="bubble">
        {/* Who said it, for a screen reader moving through the log or hearing it live: the
            bubbles' side and colour say it to the eye only. */}
        <span className="sr-only">{room.nameOf(item.senderId, item.kind)}: </span>
        {item.forwarded && <span className="msg-forwarded">Forwarded</span>}
        {item.replyToId && <ReplyQuote messageId={item.replyToId} />}
        {item.attachment && (
          <AttachmentView
            attachment={item.attachment}
            upload={item.upload}
            clientId={item.clientId}
          />
        )}
        {item.gif && (
          <Suspense fallback={<GifBox gif={item.gif} />}>
            <GifPlayer gif={item.gif} />
          </Suspense>
        )}
        {item.text && <MessageBody item={item} big={bigEmoji(item)} />}
        {item.state === 'sent' && firstLink(item.text) && (
          <Suspense fallback={null}>
            <MessageParts.LinkPreview text={item.text} />
          </Suspense>
        )}
        <Tombstone item={item} />
        <MessageEditor item={item} />
        <span className="msg-meta">
          <time dateTime={at} title={datetime}>
            {time}
          </time>
          <EditedMark item={item} />
          {item.state === 'sending' && <SendingState upload={!!item.upload} />}
        </span>
        <BubbleMenu item={item} mine={mine} />
      </div>
      <MessageReactions item={item} />
      {item.state === 'failed' && item.clientId && <NotSentLine item={item} onRetry={onRetry} />}
    </div>
  )
}

/** On its way; offline, a change that waits for the connection (action-queue.ts) says so. */
function SendingState({ upload }: { upload: boolean }) {
  const online = useOnline()
  return (
    <span className="msg-state">
      {' · '}
      {upload ? 'Uploading…' : online ? 'Sending…' : 'Waiting for the connection'}
    </span>
  )
}
