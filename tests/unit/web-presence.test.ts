import { describe, expect, it } from 'vitest'
import { createTypingSignal } from '../../web/features/chat/typing-signal'
import { isNavActive } from '../../shared/nav-model'
import { detailRows, localActivity } from '../../web/features/presence/partner-details'
import { isTypingIn, lastSeenText, presenceOf } from '../../web/features/presence/presence-model'
import { formatDate } from '../../shared/date-format'

describe('presenceOf', () => {
  it('uses the presence field, else isOnline, else offline', () => {
    expect(presenceOf({ isOnline: false, presence: 'away' })).toBe('away')
    expect(presenceOf({ isOnline: true, presence: null })).toBe('online')
    expect(presenceOf({ isOnline: false, presence: null })).toBe('offline')
    expect(presenceOf(null)).toBe('offline')
  })
})

describe('lastSeenText', () => {
  const now = new Date('2024-05-01T12:00:00Z')
  it('says how long ago the partner was seen unless online', () => {
    expect(lastSeenText({ lastSeenAt: '2024-05-01T11:55:00Z' }, 'offline', now)).toBe(
      'last seen 5 minutes ago',
    )
    expect(lastSeenText({ lastSeenAt: '2024-05-01T11:59:30Z' }, 'away', now)).toBe(
      'last seen just now',
    )
    expect(lastSeenText({ lastSeenAt: '2024-05-01T11:00:00Z' }, 'online', now)).toBe('')
    expect(lastSeenText({ lastSeenAt: null }, 'offline', now)).toBe('')
  })

  it('gives the date ("MMMM d, yyyy") when the partner was last seen before today', () => {
    const noon = new Date(2024, 4, 1, 12, 0)
    const seen = (at: Date) => lastSeenText({ lastSeenAt: at.toISOString() }, 'offline', noon)
    expect(seen(new Date(2024, 3, 29, 18, 30))).toBe('last seen April 29, 2024')
    expect(seen(new Date(2024, 3, 30, 23, 59))).toBe('last seen April 30, 2024')
    expect(seen(new Date(2024, 4, 1, 0, 1))).toBe('last seen 12 hours ago')
  })
})

describe('isTypingIn', () => {
  const t0 = Date.parse('2024-05-01T12:00:00Z')
  const status = { isTyping: true, typingRoomId: 'home', $updatedAt: new Date(t0).toISOString() }
  it('holds for 10 s after the last signal, in that room only', () => {
    expect(isTypingIn(status, 'home', t0 + 9_999)).toBe(true)
    expect(isTypingIn(status, 'home', t0 + 10_000)).toBe(false)
    expect(isTypingIn(status, 'other', t0 + 1_000)).toBe(false)
  })
  it("ends when the partner's message arrives, and is never trusted without an update time", () => {
    expect(isTypingIn(status, 'home', t0 + 2_000, t0 + 1_000)).toBe(false)
    expect(isTypingIn({ isTyping: true, typingRoomId: null }, 'home', t0)).toBe(false)
  })
  it('counts from when the flag was set, not from a later rewrite of the row (a heartbeat)', () => {
    const beat = { ...status, typingAt: status.$updatedAt, $updatedAt: '2024-05-01T12:00:08Z' }
    expect(isTypingIn(beat, 'home', t0 + 9_999)).toBe(true)
    expect(isTypingIn(beat, 'home', t0 + 10_000)).toBe(false)
  })
})

describe('createTypingSignal', () => {
  it('sends "typing" at most every 3 s and "stopped" only while a signal may be live', () => {
    const s = createTypingSignal()
    expect(s.onInput(0)).toBe(true)
    expect(s.onInput(2_999)).toBe(false)
    expect(s.onInput(3_000)).toBe(true)
    expect(s.onStop(5_000)).toBe(true)
    expect(s.onStop(5_001)).toBe(false)
    expect(s.onInput(5_002)).toBe(true)
    expect(s.onStop(20_000)).toBe(false)
  })
})

describe('isNavActive', () => {
  it('Home is active on "/" and under the home room path; others by prefix', () => {
    expect(isNavActive('/', '/')).toBe(true)
    expect(isNavActive('/rooms/home', '/')).toBe(true)
    expect(isNavActive('/rooms/abc', '/')).toBe(false)
    expect(isNavActive('/bookmarks', '/bookmarks')).toBe(true)
    expect(isNavActive('/bookmarks/1', '/bookmarks')).toBe(true)
    expect(isNavActive('/breaches', '/bookmarks')).toBe(false)
  })
})

describe('detailRows', () => {
  it('labels the known details (typing while fresh) and leaves out the unknown ones', () => {
    const t0 = Date.parse('2024-05-01T12:00:00Z')
    const status = {
      isOnline: true,
      presence: 'online' as const,
      isTyping: true,
      typingRoomId: 'home',
      typingAt: new Date(t0).toISOString(),
      location: 'Lyon, France',
      deviceType: 'Desktop',
      browser: null,
      operatingSystem: 'Linux',
      activity: '',
    }
    const rows = detailRows(status as Parameters<typeof detailRows>[0], t0 + 1_000)
    expect(rows).toEqual([
      ['Typing', 'typing…'],
      ['Location', 'Lyon, France'],
      ['Device', 'Desktop'],
      ['OS', 'Linux'],
    ])
    expect(detailRows(status as Parameters<typeof detailRows>[0], t0 + 60_000)[0]![0]).toBe(
      'Location',
    )
  })

  it('shows the activity while the partner is online or away, not once offline', () => {
    const status = {
      isOnline: true,
      presence: 'away' as const,
      isTyping: false,
      activity: 'Reading Home',
    } as Parameters<typeof detailRows>[0]
    expect(detailRows(status, Date.now())).toEqual([['Activity', 'Reading Home']])
    const gone = { ...status, isOnline: false, presence: 'offline' as const }
    expect(detailRows(gone, Date.now())).toEqual([])
  })
})

describe('localActivity', () => {
  const local = (iso: string) => formatDate(new Date(iso), 'messageTime')
  it("gives the server's idle time in the reader's clock, the latest such moment not after now", () => {
    const now = Date.parse('2024-05-01T12:00:00Z')
    expect(localActivity('Idle since 09:12 UTC', now)).toBe(
      `Idle since ${local('2024-05-01T09:12:00Z')}`,
    )
    // Just after midnight UTC, 23:50 was yesterday's.
    const early = Date.parse('2024-05-02T00:10:00Z')
    expect(localActivity('Idle since 23:50 UTC', early)).toBe(
      `Idle since ${local('2024-05-01T23:50:00Z')}`,
    )
    expect(localActivity('Idle since 00:10 UTC', early)).toBe(
      `Idle since ${local('2024-05-02T00:10:00Z')}`,
    )
  })

  it('leaves the other activities as the server wrote them', () => {
    for (const text of ['Reading Home', 'Typing in Garden', 'Searching', 'In Settings'])
      expect(localActivity(text, Date.now())).toBe(text)
  })
})
