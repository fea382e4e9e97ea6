import { MESSAGES_PER_BATCH } from '../../shared/constants'
import { formatText, isLongText } from '../../shared/text-format'
import { fileNameCut, formatFileSize, isPlayableAudio, shownWidth } from '../../shared/media-box'
import { quoteExcerpt, senderName } from '../../shared/quote'
import { receiptMarks, type Receipts } from '../../shared/receipts'
import type { Reaction } from '../../shared/reactions'
import { buildTimeline, type TimelineEntry } from '../../shared/timeline'
import { isEmojiOnly } from '../../shared/emoji'
import { esc, icon } from './markup'
import { wallClock } from './time-zone'
import { receiptMark, reactionBar } from './under-row-paint'

/** The fields of a stored message row the first paint draws (see web/features/chat/message-model.ts). */
type Row = {
  $id: string
  $createdAt: string
  message: string
  senderId: string
  kind: string
  seq: number
  editedAt: string | null
  deletedAt: string | null
  fileId: string | null
  fileName: string | null
  fileType: string | null
  fileSize: number | null
  fileDuration: number | null
  fileWidth: number | null
  fileHeight: number | null
  gifUrl: string | null
  gifWidth: number | null
  gifHeight: number | null
  /** A notice's message (a pin's): the SPA makes it a link to it, drawn as one here. */
  replyToId: string | null
  forwarded: boolean
}

const text = (v: unknown) => (typeof v === 'string' ? v : '')
const size = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null)

function toRow(raw: Record<string, unknown>): Row {
  return {
    $id: text(raw.$id),
    $createdAt: text(raw.$createdAt),
    message: text(raw.message),
    senderId: text(raw.senderId),
    kind: raw.kind === 'system' ? 'system' : 'user',
    seq: Number(raw.seq ?? 0),
    editedAt: text(raw.editedAt) || null,
    deletedAt: text(raw.deletedAt) || null,
    fileId: text(raw.fileId) || null,
    fileName: text(raw.fileName) || null,
    fileType: text(raw.fileType) || null,
    fileSize: typeof raw.fileSize === 'number' ? raw.fileSize : null,
    fileDuration: size(raw.fileDuration),
    fileWidth: size(raw.fileWidth),
    fileHeight: size(raw.fileHeight),
    gifUrl: text(raw.gifUrl) || null,
    gifWidth: size(raw.gifWidth),
    gifHeight: size(raw.gifHeight),
    replyToId: text(raw.replyToId) || null,
    forwarded: raw.forwarded === true,
  }
}

/** The text as web/features/chat/message-text.tsx draws it (formatting, links); every run escaped. */
const formatted = (message: string) =>
  formatText(message)
    .map((p) => {
      const text = esc(p.text)
      if (p.code)
        return `<code class="${p.code === 'block' ? 'msg-code block' : 'msg-code'}">${text}</code>`
      let run = p.href
        ? `<a class="msg-link" href="${esc(p.href)}" target="_blank" rel="noopener noreferrer nofollow">${text}</a>`
        : text
      if (p.strike) run = `<s>${run}</s>`
      if (p.italic) run = `<em>${run}</em>`
      return p.bold ? `<strong>${run}</strong>` : run
    })
    .join('')

// The SPA's file icon (web/features/chat/attach-controls.tsx FileIcon).
const FILE_ICON = icon(
  'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5',
  'file-icon',
)

// The player's box with its play button, as the SPA's room shows it until the player's chunk
// comes (attachment-view.tsx).
const VOICE_BOX = `<div class="voice-note"><span class="voice-play">${icon('M8 5v14l11-7z')}</span></div>`

// A picture or GIF keeps its box (sized as the SPA sizes it) so the rows under it sit where the
// SPA will put them; a voice message or an audio file, the player's. A file is the SPA's chip:
// icon, name cut before its extension, size, "Download" (attachment-view.tsx).
function media(row: Row): string {
  const w = row.gifWidth ?? row.fileWidth
  const h = row.gifHeight ?? row.fileHeight
  if (w && h) {
    return `<div class="paint-media" style="width:${shownWidth(w, h)}px;aspect-ratio:${w}/${h}"></div>`
  }
  if (!row.fileId) return ''
  if (isPlayableAudio(row.fileType ?? '', row.fileDuration)) return VOICE_BOX
  const name = row.fileName ?? 'file'
  const cut = fileNameCut(name)
  return (
    `<div class="file-chip">${FILE_ICON}<span class="file-name" title="${esc(name)}">` +
    `<span class="file-stem">${esc(name.slice(0, cut))}</span>${esc(name.slice(cut))}</span>` +
    `<span class="file-size">${formatFileSize(row.fileSize ?? 0)}</span>` +
    '<a class="file-download">Download</a></div>'
  )
}

/** The text as the SPA's MessageBody draws it: folded with "Read more" when long. */
function textPaint(row: Row) {
  const fold = isLongText(row.message)
  const cls = `msg-text${bigEmoji(row) ? ' emoji-only' : ''}${fold ? ' folded' : ''}`
  const more = fold ? '<button type="button" class="link read-more">Read more</button>' : ''
  return `<p dir="auto" class="${cls}">${formatted(row.message)}</p>${more}`
}

// As the SPA's row (web/features/chat/message-row.tsx): one to three emoji alone show large.
const bigEmoji = (row: Row) => !row.fileId && !row.gifUrl && isEmojiOnly(row.message)

type Stamp = { time: string; datetime: string }

/** Who and what a row quotes, and the reactions of each message. */
type Quoting = {
  rows: ReadonlyMap<string, Row>
  meId: string
  chateeName: string | undefined
  reactions: ReadonlyMap<string, Reaction[]>
}

// As web/features/chat/reply-quote.tsx: the quoted row's sender and first line. One older than
// the rows read is "…" there until the SPA reads it on its own: drawn the same.
function quote(replyToId: string, { rows, meId, chateeName }: Quoting) {
  const q = rows.get(replyToId)
  const gone = !q || !!q.deletedAt
  const file = q?.fileId
    ? { type: q.fileType ?? '', name: q.fileName ?? '', duration: q.fileDuration }
    : null
  const text = !q ? '…' : quoteExcerpt(gone ? null : q.message, file, !!q.gifUrl)
  const sender = q
    ? `<strong>${esc(senderName(q.senderId, q.kind, meId, chateeName))}</strong>`
    : ''
  return (
    `<button type="button" class="reply-quote" title="Show the original message">${sender}` +
    `<span dir="auto"${gone ? ' class="gone"' : ''}>${esc(text)}</span></button>`
  )
}

function message(row: Row, entry: Stamp & { continued: boolean }, quoting: Quoting, at: string) {
  const { meId } = quoting
  const time = `<time datetime="${at}" title="${esc(entry.datetime)}">${esc(entry.time)}</time>`
  const ids = `data-seq="${row.seq}" data-id="${esc(row.$id)}"`
  if (row.kind === 'system')
    return `<div class="system-notice" ${ids}><span${row.replyToId ? ' class="notice-link"' : ''}>${esc(row.message)}</span> ${time}</div>`
  const side = row.senderId === meId ? 'mine' : 'theirs'
  const body = row.deletedAt
    ? '<p class="msg-text msg-deleted">This message was deleted</p>'
    : (row.forwarded ? '<span class="msg-forwarded">Forwarded</span>' : '') +
      (row.replyToId ? quote(row.replyToId, quoting) : '') +
      `${media(row)}${row.message ? textPaint(row) : ''}`
  const edited = row.editedAt && !row.deletedAt ? '<span class="msg-edited"> (edited)</span>' : ''
  const actions = row.deletedAt
    ? ''
    : '<div class="msg-actions"><button type="button" class="msg-menu-button" aria-label="Message actions">⋯</button></div>'
  const reactions = row.deletedAt
    ? ''
    : reactionBar(quoting.reactions.get(row.$id), quoting.meId, quoting.chateeName)
  return (
    `<div class="msg ${side}${entry.continued ? ' continued' : ''} sent" ${ids}>` +
    `<div class="bubble">${body}<span class="msg-meta">${time}${edited}</span>${actions}</div>${reactions}</div>`
  )
}

/** Whose room it is, its read and delivery positions, its reactions. */
type Reader = { meId: string; roomId: string; receipts: Receipts; reactions: readonly Reaction[] }

/**
 * The room's log as web/features/chat/log-rows.tsx and message-row.tsx render it, from the rows
 * the first load read (newest first), with the SPA's own timeline (day and gap dividers,
 * continued runs) on the reader's wall clock, replies with their quotes, reactions, "Seen" and
 * "Delivered" from the room's receipts. Link previews come with the SPA.
 */
export function logPaint(rawRows: unknown[], reader: Reader, zone: string, chateeName?: string) {
  const { meId } = reader
  const rows = rawRows
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map(toRow)
    .filter((r) => r.$id && !Number.isNaN(Date.parse(r.$createdAt)))
    .sort((a, b) => a.seq - b.seq)
  const timeline = buildTimeline(rows, (r) => ({
    key: r.$id,
    at: wallClock(new Date(r.$createdAt), zone),
    author: `${r.kind}:${r.senderId}`,
  }))
  const total = rows.length
  const reactions = new Map<string, Reaction[]>()
  for (const r of reader.reactions)
    reactions.set(r.messageId, [...(reactions.get(r.messageId) ?? []), r])
  const quoting = { rows: new Map(rows.map((r) => [r.$id, r])), meId, chateeName, reactions }
  const marks = receiptMarks(rows, meId, reader.receipts, reader.roomId)
  let position = 0
  const html = timeline.map((entry: TimelineEntry<Row>) => {
    if (entry.type !== 'message')
      return `<div data-vkey="${esc(entry.key)}"><div class="${entry.type}-divider"><span>${esc(entry.label)}</span></div></div>`
    position++
    const at = new Date(entry.message.$createdAt).toISOString()
    return (
      `<div data-vkey="${esc(entry.key)}" role="article" aria-posinset="${position}" aria-setsize="${total}">` +
      `${message(entry.message, entry, quoting, at)}${receiptMark(entry.key, marks, zone)}</div>`
    )
  })
  return { html: html.join(''), count: total, complete: total < MESSAGES_PER_BATCH }
}
