import { describe, expect, it } from 'vitest'
import { activityOf, IDLE_AFTER_MS, type Observed } from '../../web/features/presence/activity'

// The activity a tab reports with its heartbeat (the admin's view of the partner, spec §6).
const now = Date.parse('2026-11-25T09:30:00Z')
const seen = (o: Partial<Observed> = {}): Observed => ({
  path: '/',
  hidden: false,
  hiddenAt: now - 60 * 60_000,
  lastInputAt: now - 1000,
  typingAt: 0,
  typingRoomId: null,
  searching: false,
  now,
  ...o,
})

describe('activityOf', () => {
  it('reads the open room: Home on /, the room of /rooms/<id>', () => {
    expect(activityOf(seen())).toEqual({ kind: 'reading', roomId: 'home' })
    expect(activityOf(seen({ path: '/rooms/garden' }))).toEqual({
      kind: 'reading',
      roomId: 'garden',
    })
  })

  it('typing in this room for 10 s after a signal; a signal from another room does not count', () => {
    const typing = seen({ path: '/rooms/garden', typingRoomId: 'garden', typingAt: now - 9_000 })
    expect(activityOf(typing)).toEqual({ kind: 'typing', roomId: 'garden' })
    expect(activityOf({ ...typing, typingAt: now - 10_000 })?.kind).toBe('reading')
    expect(activityOf({ ...typing, path: '/' })).toEqual({ kind: 'reading', roomId: 'home' })
    // A voice message being recorded is its own kind; the signal lapses the same way.
    const recording = { ...typing, typingKind: 'voice' as const }
    expect(activityOf(recording)).toEqual({ kind: 'recording', roomId: 'garden' })
    expect(activityOf({ ...recording, typingAt: now - 10_000 })?.kind).toBe('reading')
  })

  it('searching while the box holds a term; Settings; nothing on other screens', () => {
    expect(activityOf(seen({ searching: true }))).toEqual({ kind: 'searching' })
    expect(activityOf(seen({ path: '/settings' }))).toEqual({ kind: 'settings' })
    expect(activityOf(seen({ path: '/bookmarks' }))).toBeUndefined()
  })

  it('idle since the last input after 2 minutes without one, or since the tab was hidden', () => {
    const last = now - IDLE_AFTER_MS
    expect(activityOf(seen({ lastInputAt: last }))).toEqual({
      kind: 'idle',
      since: new Date(last).toISOString(),
    })
    expect(activityOf(seen({ lastInputAt: last + 1 }))?.kind).toBe('reading')
    const hiddenAt = now - 5000
    expect(activityOf(seen({ hidden: true, hiddenAt, path: '/settings' }))).toEqual({
      kind: 'idle',
      since: new Date(hiddenAt).toISOString(),
    })
  })

  it('hidden after 2 minutes idle already: idle since the last input, not since hidden', () => {
    const lastInputAt = now - IDLE_AFTER_MS - 60_000
    expect(activityOf(seen({ hidden: true, hiddenAt: now - 1000, lastInputAt }))).toEqual({
      kind: 'idle',
      since: new Date(lastInputAt).toISOString(),
    })
    // Hidden within the 2 minutes: since it was hidden, as before.
    const soon = now - 30_000
    expect(activityOf(seen({ hidden: true, hiddenAt: now - 1000, lastInputAt: soon }))).toEqual({
      kind: 'idle',
      since: new Date(now - 1000).toISOString(),
    })
  })
})
