import { describe, expect, it } from 'vitest'
import {
  countUnread,
  flattenPages,
  insertMessage,
  olderPage,
  toMessage,
  unconfirmed,
  type PendingMessage,
} from '../../web/features/chat/message-model'
import { titleWithUnread } from '../../web/features/chat/unread-label'
import { msg } from './helpers/message'

describe('flattenPages', () => {
  it('orders by seq (pages come newest first) and drops duplicates across pages', () => {
    const pages = [{ rows: [msg(5), msg(4), msg(3)] }, { rows: [msg(3), msg(2), msg(1)] }]
    expect(flattenPages(pages).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5])
  })
})

describe('insertMessage', () => {
  it('prepends a new row to the newest page', () => {
    const pages = insertMessage([{ rows: [msg(2), msg(1)] }], msg(3))
    expect(pages[0]!.rows.map((m) => m.seq)).toEqual([3, 2, 1])
  })

  it('replaces a row already loaded instead of doubling it (realtime after the send response)', () => {
    const pages = insertMessage(
      [{ rows: [msg(2)] }, { rows: [msg(1)] }],
      msg(1, { message: 'edited' }),
    )
    expect(flattenPages(pages)).toHaveLength(2)
    expect(pages[1]!.rows[0]!.message).toBe('edited')
  })

  it('keeps a tombstone or a newer edit when an older copy of the row arrives last', () => {
    const deleted = msg(1, { message: '', deletedAt: '2026-11-25T10:00:02.000Z' })
    const edited = msg(1, { message: 'v2', editedAt: '2026-11-25T10:00:01.000Z' })
    const stale = [msg(1, { message: 'v1' }), edited]
    for (const old of stale)
      expect(insertMessage([{ rows: [deleted] }], old)).toEqual([{ rows: [deleted] }])
    expect(insertMessage([{ rows: [edited] }], msg(1, { message: 'v1' }))[0]!.rows[0]).toBe(edited)
    const later = msg(1, { message: 'v3', editedAt: '2026-11-25T10:00:03.000Z' })
    expect(insertMessage([{ rows: [edited] }], later)[0]!.rows[0]).toBe(later)
    expect(insertMessage([{ rows: [edited] }], deleted)[0]!.rows[0]).toBe(deleted)
  })

  it('creates the first page when there is none', () => {
    expect(insertMessage([], msg(1))).toEqual([{ rows: [msg(1)] }])
  })

  it('leaves an old row edited or deleted outside the loaded pages to its own page', () => {
    // The newest 100 of a room of 1,000 (seq 901–1000): message 50 is edited.
    const newest = Array.from({ length: 100 }, (_, i) => msg(1000 - i))
    const pages = [{ rows: newest }]
    expect(olderPage(pages[0]!)).toBe(901)
    const after = insertMessage(pages, msg(50, { message: 'edited' }))
    expect(after).toBe(pages)
    expect(olderPage(after.at(-1)!)).toBe(901)
    // With nothing older left to load, it is simply placed.
    const all = [{ rows: [msg(3), msg(2)] }]
    expect(flattenPages(insertMessage(all, msg(1))).map((m) => m.seq)).toEqual([1, 2, 3])
  })
})

describe('unconfirmed', () => {
  it('keeps only optimistic messages whose clientId has not come back from the server', () => {
    const pending = ['a', 'b'].map((clientId): PendingMessage => ({
      clientId,
      roomId: 'home',
      message: clientId,
      senderId: 'ada',
      createdAt: '',
      state: 'sending',
    }))
    expect(unconfirmed(pending, [msg(1, { clientId: 'a' })]).map((p) => p.clientId)).toEqual(['b'])
  })
})

describe('countUnread', () => {
  it("counts the partner's messages after the read mark, never one's own", () => {
    const rows = [msg(1), msg(2), msg(3, { senderId: 'ada' }), msg(4)]
    expect(countUnread(rows, 1, 'ada')).toBe(2)
    expect(countUnread(rows, 4, 'ada')).toBe(0)
  })

  it('never counts system notices ("Ben is away"), whoever they name', () => {
    const rows = [
      msg(1, { kind: 'system', senderId: 'system' }),
      msg(2),
      msg(3, { kind: 'system', senderId: 'ben' }),
    ]
    expect(countUnread(rows, 0, 'ada')).toBe(1)
  })

  it('never counts a message deleted before it was read', () => {
    const rows = [msg(1), msg(2, { deletedAt: '2026-11-27T12:00:00.000Z' }), msg(3)]
    expect(countUnread(rows, 0, 'ada')).toBe(2)
  })
})

describe('titleWithUnread', () => {
  it('puts the total unread before the app name, "99+" past one batch, nothing at zero', () => {
    expect(titleWithUnread(3)).toBe('(3) Kathelia')
    expect(titleWithUnread(100)).toBe('(99+) Kathelia')
    expect(titleWithUnread(0)).toBe('Kathelia')
  })

  it('names the page, after the count; a room by its name, Home as the app itself', () => {
    expect(titleWithUnread(2, '/settings')).toBe('(2) Settings · Kathelia')
    expect(titleWithUnread(0, '/bookmarks')).toBe('Bookmarks · Kathelia')
    expect(titleWithUnread(1, '/rooms/abc', 'Garden')).toBe('(1) Garden · Kathelia')
    expect(titleWithUnread(0, '/', 'Home')).toBe('Kathelia')
    // Before the room list has answered, the app's name alone.
    expect(titleWithUnread(0, '/rooms/abc')).toBe('Kathelia')
    expect(titleWithUnread(4, '/no-such-page')).toBe('(4) Page not found · Kathelia')
  })
})

describe('toMessage', () => {
  it('normalises a row: system kind, empty clientId → null, missing seq → 0', () => {
    const m = toMessage({
      $id: 'x',
      $createdAt: 't',
      roomId: 'r',
      message: 'hi',
      senderId: '',
      kind: 'system',
      clientId: '',
    })
    expect(m).toMatchObject({ kind: 'system', clientId: null, seq: 0, attachment: null })
  })

  it("gathers a row's file columns into its attachment; no pixel size → null", () => {
    const row = { $id: 'x', $createdAt: 't', roomId: 'r', message: '', senderId: 'ada' }
    const file = { fileId: 'f1', fileName: 'a.png', fileType: 'image/png', fileSize: 2048 }
    expect(toMessage({ ...row, ...file, fileWidth: 640, fileHeight: 480 }).attachment).toEqual({
      fileId: 'f1',
      name: 'a.png',
      type: 'image/png',
      size: 2048,
      width: 640,
      height: 480,
      duration: null,
      waveform: null,
    })
    expect(toMessage({ ...row, ...file, fileWidth: null, fileHeight: 0 }).attachment).toMatchObject(
      { width: null, height: null },
    )
    const wave = '0123456789abcdefghijklmnopqrstuv0123456789abcdef'
    const voice = { fileId: 'v1', fileName: 'v.webm', fileType: 'audio/webm', fileSize: 9000 }
    expect(
      toMessage({ ...row, ...voice, fileDuration: 2300, fileWaveform: wave }).attachment,
    ).toMatchObject({ type: 'audio/webm', duration: 2300, waveform: wave, width: null })
    expect(
      toMessage({ ...row, ...voice, fileDuration: 0, fileWaveform: '' }).attachment,
    ).toMatchObject({ duration: null, waveform: null })
    expect(toMessage({ ...row, fileId: null, fileName: 'a.png' }).attachment).toBeNull()
  })
})
