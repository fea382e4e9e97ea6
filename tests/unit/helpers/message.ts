import type { Message, PendingMessage } from '../../../web/features/chat/message-model'

/** A confirmed message row: `m<seq>` from Ben in Home, one minute per seq, unless told. */
export const msg = (seq: number, extra: Partial<Message> = {}): Message => ({
  $id: `m${seq}`,
  $createdAt: new Date(2024, 0, 1, 0, seq).toISOString(),
  roomId: 'home',
  message: `#${seq}`,
  senderId: 'ben',
  kind: 'user',
  clientId: null,
  seq,
  attachment: null,
  replyToId: null,
  editedAt: null,
  deletedAt: null,
  gif: null,
  forwarded: false,
  ...extra,
})

/** Ada's message in the outbox: `clientId`, in Home, on its way unless told. */
export const pending = (clientId: string, extra: Partial<PendingMessage> = {}): PendingMessage => ({
  clientId,
  roomId: 'home',
  message: 'caption',
  senderId: 'ada',
  createdAt: '2026-01-01T00:00:00.000Z',
  state: 'sending',
  ...extra,
})
