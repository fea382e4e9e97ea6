import { fullDateTime } from '../../../shared/timeline'
import { voiceLabel } from '../../../shared/voice'
import { formatFileSize } from '../chat/attachment-format'
import type { Message } from '../chat/message-model'

export type ExportRoom = { name: string; isDeleted: boolean; messages: Message[] }

/**
 * One message as a line of the export, as messengers export a chat: "[date] Name: text", the text
 * as typed (its formatting markers kept), further lines indented; what it carries in brackets.
 */
function messageLines(m: Message, nameOf: (id: string) => string): string[] {
  const at = `[${fullDateTime(new Date(m.$createdAt))}]`
  if (m.kind === 'system') return [`${at} — ${m.message}`]
  const said = `${at} ${nameOf(m.senderId)}:`
  if (m.deletedAt) return [`${said} This message was deleted`]
  const a = m.attachment
  const carried = a
    ? (voiceLabel(a.type, a.duration) ?? `File: ${a.name}, ${formatFileSize(a.size)}`)
    : m.gif && `GIF: ${m.gif.url}`
  const text = m.message ? m.message.split('\n') : []
  const lines = [...text, ...(carried ? [`[${carried}]`] : [])]
  const [first = '', ...rest] = lines
  return [
    `${said} ${first}${m.editedAt ? ' (edited)' : ''}`.trimEnd(),
    ...rest.map((l) => `  ${l}`),
  ]
}

/**
 * The whole export: a heading naming whose history it is and when, then each room (a deleted one
 * says so) with its messages oldest first.
 */
export function chatExportText(
  rooms: ExportRoom[],
  nameOf: (id: string) => string,
  owner: string,
  at: Date,
): string {
  const out = [`Kathelia: the chat history of ${owner}, exported ${fullDateTime(at)}`]
  for (const room of rooms) {
    out.push('', `== ${room.name}${room.isDeleted ? ' (deleted)' : ''} ==`)
    if (!room.messages.length) out.push('No messages.')
    for (const m of room.messages) out.push(...messageLines(m, nameOf))
  }
  return `${out.join('\n')}\n`
}
