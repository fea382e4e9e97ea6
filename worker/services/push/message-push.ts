import { HOME_ROOM_ID } from '../../../shared/constants'
import { mediaKind } from '../../../shared/media-box'
import type { PushPayload } from '../../../shared/schemas'
import { plainText } from '../../../shared/text-format'
import { voiceLabel } from '../../../shared/voice'
import { q, type BackendPort, type BackendUser, type Row } from '../../backend'
import type { Config } from '../../config'
import type { MessageData } from '../../routes/message'
import { pushToOthers, roomPayload } from './deliver'
import { vapidOf } from './push-config'

type Shown = Partial<MessageData> & { $id: string; roomId: string }

/** A notification's words for a message without text: what it shows, other files by name. */
function attachmentWords(row: Shown) {
  const kind = row.gifUrl ? 'gif' : mediaKind(row.fileType ?? '', row.fileDuration)
  if (kind === 'voice') {
    const voice = voiceLabel(row.fileType, row.fileDuration)!
    return `Sent a ${voice[0]!.toLowerCase()}${voice.slice(1)}`
  }
  if (kind === 'gif') return 'Sent a GIF'
  if (kind === 'photo' || kind === 'video') return `Sent a ${kind}`
  return row.fileName ? `Sent “${row.fileName}”` : 'Sent a file'
}

/**
 * A message's notification: "Ada", or "Ada in Garden" where there are several rooms (Home is the
 * app's own); its text as read, or what it shows. `messageId` lets a later edit or delete find it.
 */
export function messagePayload(
  sender: BackendUser,
  room: { name?: string } | null | undefined,
  row: Shown,
): PushPayload {
  const name = sender.name.trim() || sender.email
  const title = row.roomId === HOME_ROOM_ID || !room?.name ? name : `${name} in ${room.name}`
  const body = plainText(row.message ?? '').trim() || attachmentWords(row)
  return { ...roomPayload(row.roomId, title, body), messageId: row.$id }
}

/**
 * An edit or a delete for everyone of a message a notification may still show: the room's newest
 * (a room's notifications replace each other by their tag). The partner's devices without a
 * visible tab are told, and the service worker rewords that notification or closes it, if it is
 * still there: a lock screen keeps no words the sender changed or took back. An older message's
 * notification was replaced already; nothing is sent for it. Meant for waitUntil.
 */
export function pushChange(
  backend: BackendPort,
  config: Config,
  sender: BackendUser,
  row: Row<MessageData>,
  change: 'edited' | 'deleted',
): Promise<void> | undefined {
  if (!vapidOf(config)) return undefined
  return (async () => {
    const [newest, room] = await Promise.all([
      backend.listRows('messages', [q.equal('roomId', row.roomId), q.orderDesc('seq'), q.limit(1)]),
      backend.getRow<{ name?: string }>('rooms', row.roomId),
    ])
    if (newest.rows[0]?.$id !== row.$id) return
    const shown = messagePayload(sender, room, row)
    await pushToOthers(backend, config, sender.$id, {
      ...shown,
      body: change === 'deleted' ? '' : shown.body,
      change,
    })
  })()
}
