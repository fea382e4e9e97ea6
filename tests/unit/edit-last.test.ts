import { describe, expect, it } from 'vitest'
import { EDIT_WINDOW_MS } from '../../shared/constants'
import type { Message } from '../../web/features/chat/message-model'
import { lastEditable } from '../../web/features/chat/edit-last'
import { msg as row } from './helpers/message'

const now = Date.parse('2026-11-27T12:00:00Z')
// Ada's, a minute before `now`, unless told.
const msg = (seq: number, over: Partial<Message> = {}): Message =>
  row(seq, { senderId: 'ada', $createdAt: new Date(now - 60_000).toISOString(), ...over })

describe('lastEditable: what ArrowUp in an empty composer edits', () => {
  it('is the sender’s newest message, past the partner’s and system notices', () => {
    const list = [msg(1), msg(2), msg(3, { senderId: 'ben' }), msg(4, { kind: 'system' })]
    expect(lastEditable(list, 'ada', now)?.$id).toBe('m2')
    expect(lastEditable(list, 'ben', now)?.$id).toBe('m3')
  })

  it('skips deleted messages and GIFs without a caption, keeps a file’s caption', () => {
    const file = { fileId: 'f', name: 'a.png', type: 'image/png', size: 1 }
    const list = [
      msg(1),
      msg(2, { message: '', attachment: file as Message['attachment'] }),
      msg(3, { message: '', gif: { url: 'https://g/1.gif', width: 1, height: 1 } }),
      msg(4, { message: '', deletedAt: new Date(now).toISOString() }),
    ]
    expect(lastEditable(list, 'ada', now)?.$id).toBe('m2')
  })

  it('skips a voice message without a caption, keeps one with a caption', () => {
    const voice = { fileId: 'v', name: 'voice.webm', type: 'audio/webm', size: 1, duration: 3_000 }
    const list = [msg(1), msg(2, { message: '', attachment: voice as Message['attachment'] })]
    expect(lastEditable(list, 'ada', now)?.$id).toBe('m1')
    list[1] = msg(2, { message: 'Listen', attachment: voice as Message['attachment'] })
    expect(lastEditable(list, 'ada', now)?.$id).toBe('m2')
  })

  it('ends with the 24-hour edit window, as the server’s', () => {
    const old = msg(1, { $createdAt: new Date(now - EDIT_WINDOW_MS).toISOString() })
    expect(lastEditable([old], 'ada', now)).toBeUndefined()
    expect(lastEditable([old], 'ada', now - 1)?.$id).toBe('m1')
    expect(lastEditable([], 'ada', now)).toBeUndefined()
  })
})
