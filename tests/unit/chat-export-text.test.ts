import { describe, expect, it } from 'vitest'
import { fullDateTime } from '../../shared/timeline'
import type { Message } from '../../web/features/chat/message-model'
import { chatExportText } from '../../web/features/settings/chat-export-text'

const at = '2026-11-28T20:05:00.000Z'
const when = `[${fullDateTime(new Date(at))}]`
const msg = (m: Partial<Message>): Message => ({
  $id: 'm',
  $createdAt: at,
  roomId: 'home',
  message: '',
  senderId: 'ada',
  kind: 'user',
  clientId: null,
  seq: 1,
  attachment: null,
  replyToId: null,
  editedAt: null,
  deletedAt: null,
  gif: null,
  forwarded: false,
  ...m,
})
const names = (id: string) => ({ ada: 'Ada Lovelace', ben: 'Ben Franklin' })[id] ?? 'Someone'
const file = { fileId: 'f', type: 'application/pdf', size: 2048, width: null, height: null }

describe('the chat export as text', () => {
  it('writes each room, oldest first, as a messenger exports a chat', () => {
    const text = chatExportText(
      [
        {
          name: 'Home',
          isDeleted: false,
          messages: [
            msg({ kind: 'system', senderId: 'system', message: 'Ben Franklin joined Kathelia' }),
            msg({ senderId: 'ben', message: 'The *numbers*\nfor May', editedAt: at }),
            msg({ attachment: { ...file, name: 'report.pdf', duration: null, waveform: null } }),
            msg({
              message: 'Listen',
              attachment: {
                ...file,
                name: 'v.webm',
                type: 'audio/webm',
                duration: 12_000,
                waveform: null,
              },
            }),
            msg({ gif: { url: 'https://media.example/cat.gif', width: 1, height: 1 } }),
            msg({ senderId: 'ben', message: '', deletedAt: at }),
            msg({ senderId: 'gone', message: 'Hello?' }),
          ],
        },
        { name: 'Old plans', isDeleted: true, messages: [] },
      ],
      names,
      'Ada Lovelace',
      new Date(at),
    )
    expect(text).toBe(
      [
        `Kathelia: the chat history of Ada Lovelace, exported ${fullDateTime(new Date(at))}`,
        '',
        '== Home ==',
        `${when} — Ben Franklin joined Kathelia`,
        `${when} Ben Franklin: The *numbers* (edited)`,
        '  for May',
        `${when} Ada Lovelace: [File: report.pdf, 2 KB]`,
        `${when} Ada Lovelace: Listen`,
        '  [Voice message (0:12)]',
        `${when} Ada Lovelace: [GIF: https://media.example/cat.gif]`,
        `${when} Ben Franklin: This message was deleted`,
        `${when} Someone: Hello?`,
        '',
        '== Old plans (deleted) ==',
        'No messages.',
        '',
      ].join('\n'),
    )
  })
})
