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
type Room = { name?: string } | null | undefined

/** What a message without text shows: `noun` for "a photo" / "your photo", else its file's name. */
function attachment(row: Shown): { noun: string } | { name: string } {
  const kind = row.gifUrl ? 'gif' : mediaKind(row.fileType ?? '', row.fileDuration)
  if (kind === 'voice') {
    const voice = voiceLabel(row.fileType, row.fileDuration)!
    return { noun: `${voice[0]!.toLowerCase()}${voice.slice(1)}` }
  }
  if (kind === 'gif') return { noun: 'GIF' }
  if (kind === 'photo' || kind === 'video') return { noun: kind }
  return row.fileName ? { name: row.fileName } : { noun: 'file' }
}

/** "Ada", or "Ada in Garden" where there are several rooms (Home is the app's own). */
function titleOf(sender: BackendUser, room: Room, roomId: string) {
  const name = sender.name.trim() || sender.email
  return roomId === HOME_ROOM_ID || !room?.name ? name : `${name} in ${room.name}`
}

/** A message's notification: its text as read, or what it shows ("Sent a photo"). */
export function messagePayload(sender: BackendUser, room: Room, row: Shown): PushPayload {
  const file = attachment(row)
  const body =
    plainText(row.message ?? '').trim() ||
    ('noun' in file ? `Sent a ${file.noun}` : `Sent “${file.name}”`)
  return { ...roomPayload(row.roomId, titleOf(sender, room, row.roomId), body), about: row.$id }
}

const QUOTED = 60

/** A reaction's notification to the message's sender: "Reacted ❤️ to “Tea at five?”". */
export function reactionPayload(
  sender: BackendUser,
  room: Room,
  row: Shown,
  emoji: string,
  reactionId: string,
): PushPayload {
  const text = plainText(row.message ?? '').trim()
  const file = attachment(row)
  const what = text
    ? `“${text.length > QUOTED ? `${text.slice(0, QUOTED - 1)}…` : text}”`
    : 'noun' in file
      ? `your ${file.noun}`
      : `“${file.name}”`
  const body = `Reacted ${emoji} to ${what}`
  return { ...roomPayload(row.roomId, titleOf(sender, room, row.roomId), body), about: reactionId }
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

/**
 * A reaction to the partner's message tells them as a message does (no visible tab, one
 * notification per room); its removal closes that notification if it is still shown. A reaction
 * to one's own message tells nobody. Meant for waitUntil.
 */
export function pushReaction(
  backend: BackendPort,
  config: Config,
  sender: BackendUser,
  row: Row<MessageData>,
  reaction: { id: string; emoji: string; on: boolean },
): Promise<void> | undefined {
  if (!vapidOf(config) || row.senderId === sender.$id) return undefined
  return (async () => {
    const room = await backend.getRow<{ name?: string }>('rooms', row.roomId)
    const shown = reactionPayload(sender, room, row, reaction.emoji, reaction.id)
    const payload = reaction.on ? shown : { ...shown, body: '', change: 'deleted' as const }
    await pushToOthers(backend, config, sender.$id, payload)
  })()
}
