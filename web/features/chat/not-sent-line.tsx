import { FILE_TEXTS } from '../../../shared/texts'
import { useOnline } from '../../lib/use-online'
import type { DisplayItem } from './display-item'
import { useQueryClient } from '@tanstack/react-query'
import { outbox } from './outbox'
import { takeBack } from './send-queue'
import { canRetryUpload } from './upload-queue'

type Props = { item: DisplayItem; onRetry: (clientId: string) => void }

/**
 * Under a message the outbox could not send. Offline, a lost connection is no failure: the outbox
 * sends it (or uploads its file) by itself when the browser is back online (use-outbox-sync.ts),
 * so the line only says it waits. Online, or refused by the server, it is "Not sent." (or
 * "Upload failed.") with its Retry. Either way it can be deleted before it goes, as messengers
 * let one take back what has not left yet (not one another tab holds: that tab's list keeps it).
 */
export function NotSentLine({ item, onRetry }: Props) {
  const online = useOnline()
  const queryClient = useQueryClient()
  const clientId = item.clientId!
  const uploadFailed = !!item.upload?.failed
  const ours = !outbox.items.find((i) => i.clientId === clientId)?.elsewhere
  const discard = ours && (
    <button
      type="button"
      className="link"
      aria-label="Delete unsent message"
      onClick={() => takeBack(queryClient, clientId)}
    >
      Delete
    </button>
  )
  if (!online && !item.rejected && (!uploadFailed || canRetryUpload(clientId)))
    return (
      <p className="msg-failed waiting">
        Waiting for the connection to {uploadFailed ? 'upload' : 'send'}. {discard}
      </p>
    )
  return (
    <p className="msg-failed" role="alert">
      {uploadFailed ? FILE_TEXTS.uploadFailed : 'Not sent.'}{' '}
      {(!uploadFailed || canRetryUpload(clientId)) && (
        <button type="button" className="link" onClick={() => onRetry(clientId)}>
          {uploadFailed ? 'Retry upload' : 'Retry'}
        </button>
      )}{' '}
      {discard}
    </p>
  )
}
