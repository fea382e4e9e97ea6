import type { DisplayItem } from './display-item'

type Props = {
  item: DisplayItem
  time: string
  continued: boolean
  mine: boolean
  onRetry: (clientId: string) => void
}

export function MessageRow({ item, time, continued, mine, onRetry }: Props) {
  const at = item.at.toISOString()
  if (item.kind === 'system')
    return (
      <div className="system-notice" data-seq={item.seq ?? undefined}>
        <span>{item.text}</span> <time dateTime={at}>{time}</time>
      </div>
    )
  return (
    <div
      className={`msg${mine ? ' mine' : ' theirs'}${continued ? ' continued' : ''} ${item.state}`}
      data-seq={item.seq ?? undefined}
    >
      <div className="bubble">
        <p className="msg-text">{item.text}</p>
        <span className="msg-meta">
          <time dateTime={at}>{time}</time>
          {item.state === 'sending' && <span className="msg-state"> · Sending…</span>}
        </span>
      </div>
      {item.state === 'failed' && item.clientId && (
        <p className="msg-failed" role="alert">
          Not sent.{' '}
          <button type="button" className="link" onClick={() => onRetry(item.clientId!)}>
            Retry
          </button>
        </p>
      )}
    </div>
  )
}
