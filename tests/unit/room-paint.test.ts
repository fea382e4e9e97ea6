import { describe, expect, it } from 'vitest'
import { roomPaint } from '../../worker/first-paint/room-paint'
import { logPaint } from '../../worker/first-paint/row-paint'
import { noReceipts, type Receipts } from '../../shared/receipts'

/** Ada reads the garden, with no receipts yet. */
const ADA = { meId: 'ada', roomId: 'garden', receipts: noReceipts(), reactions: [] }

// The Worker's drawing of a room as the SPA will show it: a deleted room (drawn for the admin
// view only) has no composer to type into, as the SPA's room has none.
const paint = (isDeleted: boolean, name = 'Garden', rows: ReturnType<typeof row>[] = []) =>
  roomPaint({
    meId: 'ada',
    roomId: 'garden',
    room: { name, color: '#16a34a', isDeleted },
    rooms: [],
    rows,
    receipts: noReceipts(),
    reactions: [],
    zone: 'UTC',
    ...PEOPLE,
  })

/** The garden's paint input, empty, for a test to change a part of. */
const gardenInput = (): Parameters<typeof roomPaint>[0] => ({
  meId: 'ada',
  roomId: 'garden',
  room: { name: 'Garden', color: '#16a34a' },
  rooms: [],
  rows: [],
  receipts: noReceipts(),
  reactions: [],
  zone: 'UTC',
  ...PEOPLE,
})

const PEOPLE = {
  me: { name: 'Ada Lovelace', list: 'admin' },
  chatee: { name: 'Ben Franklin', list: 'special' },
  chateePresence: null,
}

/** Ben's message in the garden. */
const row = (message: string) => ({
  $id: 'm1',
  $createdAt: '2026-11-27T12:00:00.000Z',
  roomId: 'garden',
  senderId: 'ben',
  kind: 'user',
  seq: 1,
  message,
})

describe('the drawn room', () => {
  it('has its composer, and its script, unless the room was deleted', () => {
    expect(paint(false)).toContain('<form class="composer" data-room="garden">')
    const deleted = paint(true)
    expect(deleted).not.toContain('class="composer"')
    expect(deleted).toContain('This room was deleted: its messages can be read, not answered.')
  })

  it("keeps the GIF button's place where GIF search is configured, as the SPA's composer has it", () => {
    const slots = '<span class="gif-anchor"></span><span class="emoji-anchor"></span>'
    expect(roomPaint({ ...gardenInput(), gifs: true })).toContain(slots)
    expect(roomPaint(gardenInput())).not.toContain('gif-anchor')
  })
})

describe('the drawn top bar', () => {
  const bar = (people: Partial<Parameters<typeof roomPaint>[0]>) =>
    /<header class="top-bar"[^>]*>(.*?)<\/header>/.exec(
      roomPaint({ ...gardenInput(), ...people }),
    )![1]!

  it('shows who is who as the SPA does: avatars with initials, names, and a presence shown', () => {
    const html = bar({})
    expect(html).toContain(
      '<div class="chatee"><span class="avatar-wrap"><span class="avatar" data-list="special" style="width:36px;height:36px;font-size:14.4px"><span class="avatar-initials">BF</span></span></span>' +
        '<span class="chatee-text"><span class="chatee-name">Ben Franklin</span></span></div>',
    )
    expect(html).toContain(
      '<span class="profile-button"><span class="avatar" data-list="admin" style="width:32px;height:32px;font-size:12.8px"><span class="avatar-initials">AL</span></span><span class="profile-name">Ada Lovelace</span></span>',
    )
    const shown = bar({ chateePresence: 'away' })
    expect(shown).toContain('<span class="presence-dot away"></span>')
    expect(shown).toContain(
      '<span class="chatee-presence"><span class="presence-label away">Away</span></span>',
    )
  })

  it('says there is no partner yet, and gives an unknown list the image of "other"', () => {
    const html = bar({ chatee: null, me: { name: 'Ada', list: 'nobody' } })
    expect(html).toContain('<div class="chatee muted">No chat partner yet</div>')
    expect(html).toContain('data-list="other"')
  })
})

describe('the line over the first message', () => {
  const start = (name: string) =>
    /<p class="history-start">(.*?)<\/p>/.exec(paint(false, name, [row('Hi')]))?.[1]

  it('ends with a full stop, unless the name ends in a mark of its own', () => {
    expect(start('Garden')).toBe('This is the beginning of Garden.')
    expect(start('Summer plans 2027!!')).toBe('This is the beginning of Summer plans 2027!!')
    expect(start('What next?')).toBe('This is the beginning of What next?')
    expect(start('Tom & Jerry')).toBe('This is the beginning of Tom &amp; Jerry.')
  })
})

describe('a drawn notice', () => {
  const notice = (replyToId?: string) =>
    paint(false, 'Garden', [
      { ...row('Ben Franklin pinned a message'), kind: 'system', ...(replyToId && { replyToId }) },
    ])

  it("marks one about a message (a pin's) as the link the SPA makes of it", () => {
    expect(notice('m0')).toContain('<span class="notice-link">Ben Franklin pinned a message</span>')
    expect(notice()).toContain('<span>Ben Franklin pinned a message</span>')
  })
})

describe('a drawn message', () => {
  const text = (message: string) =>
    /<p dir="auto" class="msg-text">(.*?)<\/p>/s.exec(
      logPaint([row(message)], ADA, 'UTC').html,
    )?.[1]

  it('is formatted as the SPA formats it, every run escaped', () => {
    expect(text('*<b>bold</b>* _it_ ~gone~ `a<b`')).toBe(
      '<strong>&lt;b&gt;bold&lt;/b&gt;</strong> <em>it</em> <s>gone</s> <code class="msg-code">a&lt;b</code>',
    )
    expect(text('_see https://example.com/a_b_')).toBe(
      '<em>see </em><em><a class="msg-link" href="https://example.com/a_b" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a_b</a></em>',
    )
    expect(text('```\n<x>\n```')).toBe('<code class="msg-code block">&lt;x&gt;</code>')
  })

  it('says "Forwarded" above what a forward shows, as the SPA does; a tombstone does not', () => {
    const draw = (extra: object) => logPaint([{ ...row('Gate 4'), ...extra }], ADA, 'UTC').html
    expect(draw({ forwarded: true })).toContain(
      '<div class="bubble"><span class="msg-forwarded">Forwarded</span><p dir="auto"',
    )
    expect(draw({ forwarded: false })).not.toContain('Forwarded')
    expect(draw({ forwarded: true, deletedAt: '2026-11-27T12:01:00.000Z' })).not.toContain(
      'Forwarded',
    )
  })

  it('quotes what a reply answers as the SPA does: its sender and first line, or that it is gone', () => {
    const reply = (replyToId: string, quoted: object[] = []) =>
      logPaint(
        [...quoted, { ...row('Yes!'), $id: 'm9', seq: 9, senderId: 'ada', replyToId }],
        ADA,
        'UTC',
        'Ben Franklin',
      ).html
    const q = (html: string) =>
      /<button type="button" class="reply-quote"[^>]*>(.*?)<\/button>/.exec(html)?.[1]
    expect(q(reply('m1', [row('*Dinner* at eight?\nOr nine')]))).toBe(
      '<strong>Ben Franklin</strong><span dir="auto">Dinner at eight?</span>',
    )
    expect(q(reply('m1', [{ ...row(''), deletedAt: '2026-11-27T12:01:00.000Z' }]))).toBe(
      '<strong>Ben Franklin</strong><span dir="auto" class="gone">This message was deleted</span>',
    )
    expect(q(reply('m1', [row('<img src=x onerror=alert(1)>')]))).toContain(
      '<span dir="auto">&lt;img src=x onerror=alert(1)&gt;</span>',
    )
    // Older than the rows read: "…", as the SPA shows it until it reads that one.
    expect(q(reply('m0'))).toBe('<span dir="auto" class="gone">…</span>')
  })

  it('folds a long one to its first lines with "Read more", as the SPA does', () => {
    const html = logPaint([row('word '.repeat(300))], ADA, 'UTC').html
    expect(html).toContain('<p dir="auto" class="msg-text folded">')
    expect(html).toContain('<button type="button" class="link read-more">Read more</button>')
    expect(logPaint([row('short')], ADA, 'UTC').html).not.toContain('read-more')
  })
})

describe('"Seen" and "Delivered"', () => {
  // Ada's m1 and m2 and Ben's m3, then Ada's m4.
  const rows = [1, 2, 3, 4].map((seq) => ({
    ...row(`line ${seq}`),
    $id: `m${seq}`,
    seq,
    senderId: seq === 3 ? 'ben' : 'ada',
  }))
  const marks = (partner: Receipts['partner'], delivered: Receipts['delivered'], zone = 'UTC') =>
    logPaint(rows, { ...ADA, receipts: { ...noReceipts(), partner, delivered } }, zone)
      .html.split('role="article"')
      .map((part) => /<p class="(seen|delivered)-marker">(.*?)<\/p>/.exec(part)?.slice(1))
      .slice(1)

  it("go under Ada's newest message Ben read and the newer one he holds, as the SPA puts them", () => {
    const read = { garden: { seq: 3, readAt: '2026-11-27T12:05:00.000Z' } }
    expect(marks(read, { garden: 4 }, 'Asia/Tokyo')).toEqual([
      undefined,
      [
        'seen',
        // Read on another day than today: its date, on the reader's clock (Tokyo: the 27th, 9 pm).
        'Seen <time datetime="2026-11-27T12:05:00.000Z" title="November 27, 2026 09:05:00 PM">November 27, 2026</time>',
      ],
      undefined,
      ['delivered', 'Delivered'],
    ])
    expect(marks({}, {}).filter(Boolean)).toEqual([])
    // Read today: the time, as the bubbles have it.
    const now = new Date().toISOString()
    expect(marks({ garden: { seq: 4, readAt: now } }, {})[3]?.[1]).toMatch(
      /^Seen <time [^>]*>\d{1,2}:\d\d [ap]m<\/time>$/,
    )
  })
})

describe('drawn reactions', () => {
  it('group each emoji with its count under its message, the reader’s own pressed, all escaped', () => {
    const react = (userId: string, emoji: string, messageId = 'm1') => ({
      $id: `${userId}${emoji}`,
      messageId,
      roomId: 'garden',
      userId,
      emoji,
    })
    const reactions = [
      react('ben', '🎉'),
      react('ada', '❤️'),
      react('ada', '🎉'),
      react('ben', '<b>'),
    ]
    const html = logPaint([row('Booked')], { ...ADA, reactions }, 'UTC', 'Ben Franklin').html
    const bar = /<div class="reactions" role="group" aria-label="Reactions">(.*?)<\/div>/.exec(html)
    expect(bar?.[1]).toBe(
      '<button type="button" class="reaction" aria-pressed="true" aria-label="🎉 2: Ben Franklin, You" title="Ben Franklin, You">🎉<span class="reaction-count">2</span></button>' +
        '<button type="button" class="reaction" aria-pressed="true" aria-label="❤️ 1: You" title="You">❤️<span class="reaction-count">1</span></button>' +
        '<button type="button" class="reaction" aria-pressed="false" aria-label="&lt;b&gt; 1: Ben Franklin" title="Ben Franklin">&lt;b&gt;<span class="reaction-count">1</span></button>',
    )
    // Inside the row, after its bubble, as message-row.tsx has it; none on a deleted message.
    expect(html).toMatch(/<\/div><div class="reactions"[^]*<\/div><\/div><\/div>$/)
    const gone = { ...row('x'), deletedAt: '2026-11-27T12:01:00.000Z' }
    expect(logPaint([gone], { ...ADA, reactions }, 'UTC').html).not.toContain('reactions')
    expect(
      logPaint([row('x')], { ...ADA, reactions: [react('ben', '🎉', 'm2')] }, 'UTC').html,
    ).not.toContain('reactions')
  })
})

describe('a drawn file', () => {
  const file = (fields: Record<string, unknown>) =>
    logPaint(
      [
        {
          $id: 'f1',
          $createdAt: '2026-11-28T12:00:00.000Z',
          roomId: 'home',
          senderId: 'ben',
          kind: 'user',
          seq: 1,
          message: '',
          fileId: 'file-1',
          fileName: 'Voice message 2026-11-28 at 12.00.00.webm',
          ...fields,
        },
      ],
      ADA,
      'UTC',
    ).html
  /** The chip's words as read: its name, size and "Download". */
  const chip = (fields: Record<string, unknown>) =>
    /<div class="file-chip">(.*?)<\/div>/.exec(file(fields))![1]!.replace(/<[^>]+>/g, ' ')

  it("draws the SPA's chip: its icon, the name cut before its extension, size and Download", () => {
    const html = file({ fileType: 'application/pdf', fileName: 'minutes.pdf', fileSize: 2560 })
    expect(html).toContain('<svg viewBox="0 0 24 24" aria-hidden="true" class="icon file-icon">')
    expect(html).toContain(
      '<span class="file-name" title="minutes.pdf"><span class="file-stem">minutes</span>.pdf</span>' +
        '<span class="file-size">2.5 KB</span><a class="file-download">Download</a>',
    )
  })

  it("draws a recording or an audio file as the player's box with its play button, as the SPA shows it until its player comes", () => {
    const box =
      '<div class="voice-note"><span class="voice-play"><svg viewBox="0 0 24 24" aria-hidden="true" class="icon"><path d="M8 5v14l11-7z"></path></svg></span></div>'
    expect(file({ fileType: 'audio/webm', fileDuration: 75_400 })).toContain(box)
    expect(file({ fileType: 'audio/mpeg', fileName: 'song.mp3' })).toContain(box)
    // Stored as video by a backend that sniffs WebM: its length still says what it is.
    expect(file({ fileType: 'video/webm', fileDuration: 3000 })).toContain(box)
    expect(file({ fileType: 'audio/webm', fileDuration: 3000 })).not.toContain('file-chip')
  })

  it('names any other file, a video without a length too', () => {
    expect(chip({ fileType: 'video/webm', fileName: 'clip.webm' })).toContain(' clip .webm ')
    expect(file({ fileType: 'application/pdf', fileName: 'a<b>.pdf' })).toContain(
      '<span class="file-stem">a&lt;b&gt;</span>.pdf',
    )
  })
})

describe('the drawn sidebar', () => {
  const withRooms = (rooms: Parameters<typeof roomPaint>[0]['rooms']) =>
    roomPaint({
      meId: 'ada',
      roomId: 'garden',
      room: null,
      rooms,
      rows: [],
      receipts: noReceipts(),
      reactions: [],
      zone: 'UTC',
      ...PEOPLE,
    })

  it('lists the rooms as the SPA does, the open one marked', () => {
    const html = withRooms([
      { $id: 'attic', name: 'Attic', color: '#123456', isDeleted: false },
      { $id: 'garden', name: 'Garden', color: '#16a34a', isDeleted: false },
    ])
    const list = /<ul class="room-list">(.*?)<\/ul>/.exec(html)?.[1] ?? ''
    expect(list.match(/<li>/g)).toHaveLength(2)
    expect(list).toContain(
      '<a class="room-link" href="/rooms/attic"><span class="room-dot" style="background:#123456"></span><span class="room-name" title="Attic">Attic</span></a>',
    )
    expect(list).toContain('<a class="room-link active" href="/rooms/garden">')
    expect(list.indexOf('Attic')).toBeLessThan(list.indexOf('Garden'))
  })

  it('says there are none, as the SPA does', () => {
    expect(withRooms([])).toContain('<p class="sidebar-hint">No rooms yet.</p>')
  })
})
