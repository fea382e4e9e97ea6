import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { put, read } from '../../web/features/chat/action-queue-store'
import { installMemoryStorage } from './helpers/memory-storage'

// What waits of a user's changes made without a connection (web/features/chat/action-queue.ts):
// one wish per reaction and one per message's words or delete, in the order they were made.
describe('the queue of changes made offline', () => {
  const at = { roomId: 'r1', messageId: 'm1' }
  const edit = (message: string) => ({ ...at, kind: 'edit' as const, message })
  const react = (emoji: string, on: boolean) => ({ ...at, emoji, on })
  let uninstall = () => {}
  beforeEach(() => void (uninstall = installMemoryStorage()))
  afterEach(() => uninstall())

  it("keeps a message's newest words and each reaction's last wish, in order", () => {
    put('ada', edit('one'))
    put('ada', react('❤️', true))
    put('ada', edit('two'))
    put('ada', react('❤️', false))
    expect(read('ada')).toEqual([edit('two'), react('❤️', false)])
    expect(read('ben')).toEqual([])
  })

  it('a delete drops what waited for its message, and nothing takes its place after', () => {
    put('ada', edit('one'))
    put('ada', react('👍', true))
    put('ada', { ...at, messageId: 'm2', kind: 'edit', message: 'other' })
    put('ada', { ...at, kind: 'delete' })
    // An editor left open on the message, or a second tab that had not drawn the delete.
    expect(put('ada', edit('after'))).toBe(true)
    expect(put('ada', react('👍', true))).toBe(true)
    expect(read('ada')).toEqual([
      { ...at, messageId: 'm2', kind: 'edit', message: 'other' },
      { ...at, kind: 'delete' },
    ])
  })

  it("keeps one wish per message's bookmark, which outlives a delete of the message", () => {
    const saved = { ...at, roomName: 'Home', senderId: 'ben', senderName: 'Ben', excerpt: 'Hi' }
    const bookmark = { ...at, kind: 'bookmark' as const, saved: { ...saved, seq: 1, at: '' } }
    put('ada', bookmark)
    put('ada', edit('one'))
    put('ada', { ...at, kind: 'unbookmark', rowId: 'queued-m1' })
    put('ada', bookmark)
    put('ada', { ...at, kind: 'delete' })
    expect(read('ada')).toEqual([bookmark, { ...at, kind: 'delete' }])
  })

  it('moves reactions kept in the older place over, emptying it only once they are kept', () => {
    localStorage.setItem('kathelia-reactions:ada', JSON.stringify([react('🎉', true)]))
    put('ada', edit('one'))
    expect(read('ada')).toEqual([react('🎉', true), edit('one')])
    expect(localStorage.getItem('kathelia-reactions:ada')).toBeNull()
    // A full storage refuses the move: the reactions stay where they were, for a later read.
    localStorage.setItem('kathelia-reactions:ada', JSON.stringify([react('🙏', true)]))
    localStorage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    expect(put('ada', edit('two'))).toBe(false)
    expect(read('ada')).toEqual([react('🎉', true), edit('one')])
    expect(localStorage.getItem('kathelia-reactions:ada')).not.toBeNull()
  })
})
