import type { QueryClient } from '@tanstack/react-query'
import type { RowAction } from '../realtime/channels'
import { noteDelivered } from './delivery-report'
import { awaitsReading, type Message } from './message-model'
import { onMessageChange } from './pins'

// What a message's arrival or change does beyond the room's pages (apply-message-event.ts):
// a chunk of its own, loaded with the first event, since the room's first script has no room.
export { noteDelivered }

/** A partner's new message is delivered here; a change may move the room's pins. */
export function afterMessageEvent(
  queryClient: QueryClient,
  meId: string,
  action: RowAction | null,
  message: Message,
  row: Record<string, unknown>,
) {
  if (action !== 'create') onMessageChange(queryClient, message.roomId, message.$id, row.pinnedAt)
  else if (awaitsReading(message, meId))
    noteDelivered(queryClient, meId, message.roomId, message.seq)
}
