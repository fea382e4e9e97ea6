import { z } from 'zod'
import { MESSAGE_MAX_LENGTH } from '../constants'
import { Id } from './common'
import { GifRef } from './gif'
import { AUDIO_DURATION_MAX_MS, WAVE_PATTERN } from '../voice'

const imageSide = z.number().int().min(1).max(20_000)

/**
 * A file the caller uploaded to the bucket `files`, attached to a message. Only its id and, for
 * an image, its size in pixels travel: the server copies name, type and size from the stored file.
 */
export const AttachmentRef = z.object({
  fileId: Id,
  width: imageSide.optional(),
  height: imageSide.optional(),
  // An image's WebP thumbnail (longest side 640 px), uploaded by the sender beside the original.
  thumbId: Id.optional(),
  // A voice message or an audio file, as the sender's browser decoded it: its length and its
  // loudness in 48 bars (shared/voice.ts). Only for a file whose stored type is audio.
  durationMs: z.number().int().min(1).max(AUDIO_DURATION_MAX_MS).optional(),
  waveform: z.string().regex(WAVE_PATTERN, 'waveform must be 48 digits 0-9 or a-v').optional(),
})
export type AttachmentRef = z.input<typeof AttachmentRef>

// POST /api/message/add — a message as the caller (kind 'user'; system notices are server-only).
// With an attachment the text is its caption and may be empty.
export const AddMessageRequest = z
  .object({
    roomId: Id,
    message: z
      .string()
      .trim()
      .max(MESSAGE_MAX_LENGTH, {
        message: `message must be at most ${MESSAGE_MAX_LENGTH} characters`,
      })
      .default(''),
    // Idempotency key (e.g. ID.unique() made once per message): a retry with the same clientId
    // returns the stored row (200) instead of creating a second one (201).
    clientId: Id.optional(),
    attachment: AttachmentRef.optional(),
    // The message this one answers: it must be in the same room.
    replyToId: Id.optional(),
    // A GIF chosen in the picker; the text is its caption and may be empty.
    gif: GifRef.optional(),
    // A message of the caller's rooms sent on as it is: the server copies its words, its file or
    // its GIF (the file stays one in the bucket); the request carries none of its own.
    forwardOf: Id.optional(),
  })
  .refine((m) => m.message !== '' || m.attachment || m.gif || m.forwardOf, {
    message: 'message must not be empty',
    path: ['message'],
  })
  .refine((m) => !(m.attachment && m.gif), {
    message: 'a message carries a file or a GIF, not both',
    path: ['gif'],
  })
  .refine((m) => !(m.forwardOf && (m.message || m.attachment || m.gif || m.replyToId)), {
    message: 'a forward carries the forwarded message only',
    path: ['forwardOf'],
  })
export type AddMessageRequest = z.input<typeof AddMessageRequest>

export const Message = z.object({
  $id: Id,
  $createdAt: z.string(),
  roomId: Id,
  message: z.string(),
  senderId: z.string(),
  kind: z.enum(['user', 'system']),
  clientId: z.string().nullable(),
  seq: z.number().int().nullable(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  fileType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  fileWidth: z.number().int().nullable(),
  fileHeight: z.number().int().nullable(),
  replyToId: z.string().nullable(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  thumbId: z.string().nullable(),
  gifUrl: z.string().nullable(),
  gifWidth: z.number().int().nullable(),
  gifHeight: z.number().int().nullable(),
  fileDuration: z.number().int().nullable(),
  fileWaveform: z.string().nullable(),
  pinnedAt: z.string().nullable(),
  forwarded: z.boolean(),
})
export type Message = z.infer<typeof Message>

// POST /api/message/limits {} → what the SPA checks before an upload (the bucket refuses more).
export const MessageLimitsRequest = z.object({}).strict()
export const MessageLimits = z.object({ fileMaxBytes: z.number().int().positive() })
export type MessageLimits = z.infer<typeof MessageLimits>
