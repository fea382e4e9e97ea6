import type { Message } from '../../../web/features/chat/message-model'

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
  ...extra,
})
