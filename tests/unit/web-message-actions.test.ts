import { describe, expect, it } from 'vitest'
import { AddMessageRequest, EditMessageRequest, ReactRequest } from '../../shared/schemas'
import { toMessage } from '../../web/features/chat/message-model'
import { applyReaction, type Reaction } from '../../shared/reactions'
import { excerpt } from '../../web/features/chat/room-context'
import { msg } from './helpers/message'

const r = (userId: string, emoji: string, $id = ''): Reaction => ({
  $id,
  messageId: 'm1',
  roomId: 'home',
  userId,
  emoji,
})

describe('applyReaction', () => {
  it('keeps one reaction per user and emoji, whether from the answer or the event', () => {
    let list = applyReaction([], r('ada', '👍'), true)
    list = applyReaction(list, r('ada', '👍', 'r1'), true)
    list = applyReaction(list, r('ben', '👍', 'r2'), true)
    expect(list.map((x) => x.userId)).toEqual(['ada', 'ben'])
    list = applyReaction(list, r('ada', '👍', 'r1'), false)
    expect(list.map((x) => x.userId)).toEqual(['ben'])
    expect(applyReaction(list, r('ada', '👍'), false)).toEqual(list)
  })

  it('keeps two own toggles that have no row id yet apart', () => {
    const list = applyReaction(applyReaction([], r('ada', '👍'), true), r('ada', '❤️'), true)
    expect(list.map((x) => x.emoji)).toEqual(['👍', '❤️'])
  })
})

describe('excerpt', () => {
  it('is the first line, else the file name, and says when the original is gone', () => {
    expect(excerpt(msg(1, { message: 'First line\nsecond' }))).toBe('First line')
    const file = { fileId: 'f', name: 'plan.pdf', type: '', size: 1, width: null, height: null }
    expect(excerpt(msg(2, { message: '', attachment: file }))).toBe('plan.pdf')
    expect(excerpt(msg(3, { deletedAt: '2026-01-01T00:00:00.000Z' }))).toBe(
      'This message was deleted',
    )
    expect(excerpt(null)).toBe('This message was deleted')
  })
})

describe('message action schemas', () => {
  it('takes exactly one emoji as a reaction', () => {
    for (const emoji of ['👍', '❤️', '👩‍👩‍👧', '🇫🇷', '👍🏽'])
      expect(ReactRequest.safeParse({ messageId: 'm1', emoji, on: true }).success, emoji).toBe(true)
    for (const emoji of ['', 'a', 'ok', '👍👍', '1', '<script>'])
      expect(ReactRequest.safeParse({ messageId: 'm1', emoji, on: true }).success, emoji).toBe(
        false,
      )
  })

  it('bounds an edit like a send and takes a reply id', () => {
    expect(
      EditMessageRequest.safeParse({ messageId: 'm1', message: 'x'.repeat(4001) }).success,
    ).toBe(false)
    expect(
      AddMessageRequest.safeParse({ roomId: 'home', message: 'Hi', replyToId: '../x' }).success,
    ).toBe(false)
  })

  it('reads the new columns of a row, absent ones as null', () => {
    const m = toMessage({ $id: 'm', roomId: 'home', editedAt: '2026-01-01T00:00:00.000Z' })
    expect(m).toMatchObject({
      replyToId: null,
      deletedAt: null,
      editedAt: '2026-01-01T00:00:00.000Z',
    })
  })
})
