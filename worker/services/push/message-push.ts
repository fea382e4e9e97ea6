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
  const seq = row.seq == null ? undefined : Number(row.seq)
  return {
    ...roomPayload(row.roomId, titleOf(sender, room, row.roomId), body),
    about: row.$id,
    seq,
  }
}

/**
 * A reaction's notification to the message's sender: "Reacted ❤️ to your message" (or "to your
 * photo", "to “Minutes.pdf”"). It quotes no text, so an edit or a delete of the message leaves it
 * nothing to change.
 */
export function reactionPayload(
  sender: BackendUser,
  room: Room,
  row: Shown,
  emoji: string,
): PushPayload {
  const file = attachment(row)
  const what = row.message?.trim()
    ? 'your message'
    : 'noun' in file
      ? `your ${file.noun}`
      : `“${file.name}”`
  return roomPayload(row.roomId, titleOf(sender, room, row.roomId), `Reacted ${emoji} to ${what}`)
}

/**
 * Whether the partner's notification of the room may still show `row`, a message of `sender`:
 * it is the newest thing of theirs pushed in the room (their own replies are never pushed to
 * them; a later message or reaction of the sender's replaced it by the room's tag), and the
 * partner has not read that far (reading it in a tab closes it there). A change pushed that
 * finds no notification shows none, which browsers allow only now and then (Chromium shows its
 * own "updated in the background" notification, Safari ends the subscription), so none is sent
 * unless it is likely to find one.
 */
async function mayStillShow(backend: BackendPort, sender: BackendUser, row: Row<MessageData>) {
  const inRoom = q.equal('roomId', row.roomId)
  const [newest, reaction, reads] = await Promise.all([
    backend.listRows('messages', [
      inRoom,
      q.equal('senderId', sender.$id),
      q.orderDesc('seq'),
      q.limit(1),
    ]),
    backend.listRows('reactions', [
      inRoom,
      q.equal('userId', sender.$id),
      q.orderDesc('$createdAt'),
      q.limit(1),
    ]),
    backend.listRows<{ userId: string; seq: number | null }>('receipts', [
      inRoom,
      q.equal('kind', 'own'),
      q.limit(10),
    ]),
  ])
  const later = reaction.rows[0]
  if (newest.rows[0]?.$id !== row.$id || (later && later.$createdAt > row.$createdAt)) return false
  const seq = Number(row.seq)
  return reads.rows.every((r) => r.userId === sender.$id || Number(r.seq ?? 0) < seq)
}

/**
 * An edit or a delete for everyone of a message a partner's notification may still show: their
 * devices without a visible tab are told, and the service worker rewords that notification
 * quietly ("This message was deleted." for a delete): a lock screen keeps no words the sender
 * changed or took back. Meant for waitUntil.
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
    if (!(await mayStillShow(backend, sender, row))) return
    const room = await backend.getRow<{ name?: string }>('rooms', row.roomId)
    const shown = messagePayload(sender, room, row)
    await pushToOthers(backend, config, sender.$id, {
      ...shown,
      body: change === 'deleted' ? '' : shown.body,
      // Not a new message: nothing more is delivered.
      seq: undefined,
      change,
    })
  })()
}

/**
 * A reaction to the partner's message tells them as a message does (no visible tab, one
 * notification per room). A reaction to one's own message tells nobody. Meant for waitUntil.
 */
export function pushReaction(
  backend: BackendPort,
  config: Config,
  sender: BackendUser,
  row: Row<MessageData>,
  emoji: string,
): Promise<void> | undefined {
  if (!vapidOf(config) || row.senderId === sender.$id) return undefined
  return (async () => {
    const room = await backend.getRow<{ name?: string }>('rooms', row.roomId)
    await pushToOthers(backend, config, sender.$id, reactionPayload(sender, room, row, emoji))
  })()
}
