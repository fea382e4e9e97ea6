import { describe, expect, it } from 'vitest'
import { buildTimeline, fullDateTime, UNREAD_LINE_KEY } from '../../shared/timeline'

type M = { id: string; at: Date; by: string }
const m = (id: string, at: Date, by = 'ada'): M => ({ id, at, by })
const timeline = (ms: M[]) => buildTimeline(ms, (x) => ({ key: x.id, at: x.at, author: x.by }))

describe('buildTimeline', () => {
  it('opens every day with an "EEEE, MMMM d, yyyy" divider and formats times "h:mm aaa"', () => {
    const out = timeline([m('a', new Date(2024, 0, 5, 9, 3)), m('b', new Date(2024, 0, 6, 21, 30))])
    expect(out.map((e) => e.type)).toEqual(['day', 'message', 'day', 'message'])
    expect(out[0]).toMatchObject({ label: 'Friday, January 5, 2024' })
    expect(out[1]).toMatchObject({ time: '9:03 am' })
    expect(out[2]).toMatchObject({ label: 'Saturday, January 6, 2024' })
    expect(out[3]).toMatchObject({ time: '9:30 pm' })
  })

  it('adds a divider after a gap of 15 minutes or more, not after 14', () => {
    const start = new Date(2024, 4, 1, 10, 0)
    const at = (min: number) => new Date(start.getTime() + min * 60_000)
    const out = timeline([m('a', at(0)), m('b', at(14)), m('c', at(29)), m('d', at(29.5))])
    expect(out.map((e) => e.type)).toEqual([
      'day',
      'message',
      'message',
      'gap',
      'message',
      'message',
    ])
    expect(out[3]).toMatchObject({ type: 'gap', label: '10:29 am' })
  })

  it('divides at midnight even a few minutes apart, and 14.9 minutes is no gap', () => {
    const late = new Date(2024, 0, 5, 23, 55)
    const out = timeline([
      m('a', late),
      m('b', new Date(2024, 0, 6, 0, 5)),
      m('c', new Date(2024, 0, 6, 0, 19, 54)),
    ])
    expect(out.map((e) => e.type)).toEqual(['day', 'message', 'day', 'message', 'message'])
    // Built again (the list rebuilds on every message): the same entries.
    expect(timeline([m('a', late)])).toEqual(out.slice(0, 2))
  })

  it('marks consecutive messages by the same author without a divider as continued', () => {
    const t = new Date(2024, 4, 1, 10, 0)
    const out = timeline([m('a', t, 'ada'), m('b', t, 'ada'), m('c', t, 'ben')])
    const continued = out
      .filter((e) => e.type === 'message')
      .map((e) => e.type === 'message' && e.continued)
    expect(continued).toEqual([false, true, false])
  })

  it("puts the unread line right above its message, after that day's divider, and ends a run", () => {
    const t = new Date(2024, 0, 5, 9, 0)
    const ms = [m('a', t, 'ben'), m('b', t, 'ben'), m('c', t, 'ben')]
    const line = { before: 'b', label: '2 new messages' }
    const out = buildTimeline(ms, (x) => ({ key: x.id, at: x.at, author: x.by }), line)
    expect(out.map((e) => e.type)).toEqual(['day', 'message', 'unread', 'message', 'message'])
    expect(out[2]).toEqual({ type: 'unread', key: UNREAD_LINE_KEY, label: '2 new messages' })
    // The first unread message starts a new group under the line; the one after continues it.
    expect(out.flatMap((e) => (e.type === 'message' ? [e.continued] : []))).toEqual([
      false,
      false,
      true,
    ])
    const first = buildTimeline(ms, (x) => ({ key: x.id, at: x.at, author: x.by }), {
      before: 'a',
      label: '3 new messages',
    })
    expect(first.map((e) => e.type)).toEqual(['day', 'unread', 'message', 'message', 'message'])
    // A line whose message is not in the list (a search's results) is not drawn.
    expect(timeline(ms).some((e) => e.type === 'unread')).toBe(false)
    const elsewhere = buildTimeline(ms, (x) => ({ key: x.id, at: x.at, author: x.by }), {
      before: 'z',
      label: '1 new message',
    })
    expect(elsewhere.some((e) => e.type === 'unread')).toBe(false)
  })

  it('returns nothing for no messages', () => {
    expect(timeline([])).toEqual([])
  })
})

describe('fullDateTime', () => {
  it('formats the spec\'s datetime "MMMM d, yyyy hh:mm:ss aa", and each message carries it', () => {
    expect(fullDateTime(new Date(2026, 10, 23, 8, 5, 9))).toBe('November 23, 2026 08:05:09 AM')
    expect(fullDateTime(new Date(2026, 0, 2, 21, 30, 0))).toBe('January 2, 2026 09:30:00 PM')
    const [, message] = timeline([m('a', new Date(2024, 0, 5, 9, 3, 7))])
    expect(message).toMatchObject({ time: '9:03 am', datetime: 'January 5, 2024 09:03:07 AM' })
  })
})
