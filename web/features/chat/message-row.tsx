import { FILE_TEXTS } from '../../../shared/texts'
import { BookmarkButton } from '../bookmarks/bookmark-button'
import { AttachmentView } from './attachment-view'
import type { DisplayItem } from './display-item'
import { canRetryUpload } from './upload-queue'

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
  const uploadFailed = !!item.upload?.failed
  if (item.kind === 'system')
    return (
      <div className="system-notice" data-seq={item.seq ?? undefined}>
        <span>{item.text}</span>{' '}
        <time dateTime={at} title={datetime}>
          {time}
        </time>
      </div>
    )
  return (
    <div
      className={`msg${mine ? ' mine' : ' theirs'}${continued ? ' continued' : ''} ${item.state}`}
      data-seq={item.seq ?? undefined}
    >
      <div className="bubble">
        {item.attachment && <AttachmentView attachment={item.attachment} upload={item.upload} />}
        {item.text && <p className="msg-text">{item.text}</p>}
        <span className="msg-meta">
          <time dateTime={at} title={datetime}>
            {time}
          </time>
          {item.state === 'sending' && (
            <span className="msg-state"> · {item.upload ? 'Uploading…' : 'Sending…'}</span>
          )}
        </span>
      </div>
      <BookmarkButton item={item} />
      {item.state === 'failed' && item.clientId && (
        <p className="msg-failed" role="alert">
          {uploadFailed ? FILE_TEXTS.uploadFailed : 'Not sent.'}{' '}
          {(!uploadFailed || canRetryUpload(item.clientId)) && (
            <button type="button" className="link" onClick={() => onRetry(item.clientId!)}>
              {uploadFailed ? 'Retry upload' : 'Retry'}
            </button>
          )}
        </p>
      )}
    </div>
  )
}
