import { senderName } from '../../shared/quote'
import { groupReactions, type Reaction } from '../../shared/reactions'
import { seenLabel, type ReceiptMarks } from '../../shared/receipts'
import { fullDateTime } from '../../shared/timeline'
import { esc } from './markup'
import { wallClock } from './time-zone'

// What the first paint draws under a message (row-paint.ts): its reactions, under its bubble,
// and "Seen" or "Delivered", under the row.

// As web/features/chat/reaction-bar.tsx: each emoji with its count, the reader's own pressed.
export function reactionBar(
  list: readonly Reaction[] | undefined,
  meId: string,
  chateeName: string | undefined,
) {
  if (!list?.length) return ''
  const buttons = groupReactions(list).map(([emoji, users]) => {
    const who = esc(users.map((u) => senderName(u, 'user', meId, chateeName)).join(', '))
    return (
      `<button type="button" class="reaction" aria-pressed="${users.includes(meId)}" ` +
      `aria-label="${esc(emoji)} ${users.length}: ${who}" title="${who}">` +
      `${esc(emoji)}<span class="reaction-count">${users.length}</span></button>`
    )
  })
  return `<div class="reactions" role="group" aria-label="Reactions">${buttons.join('')}</div>`
}

// As web/features/chat/log-rows.tsx puts them, under the row; "Seen" on the reader's clock.
export function receiptMark(key: string, { seen, delivered }: ReceiptMarks, zone: string) {
  if (key === delivered) return '<p class="delivered-marker">Delivered</p>'
  if (key !== seen?.key) return ''
  const read = new Date(seen.readAt)
  if (Number.isNaN(read.getTime())) return ''
  const at = wallClock(read, zone)
  return (
    `<p class="seen-marker">Seen <time datetime="${read.toISOString()}" title="${esc(fullDateTime(at))}">` +
    `${esc(seenLabel(at, wallClock(new Date(), zone)))}</time></p>`
  )
}
