import { TEAMS } from '../../shared/db-schema'
import type { AttachmentRef } from '../../shared/schemas'
import type { BackendPort, BackendUser } from '../backend'
import type { Config } from '../config'
import { ApiError } from '../lib/api-error'
import { isPlayableAudio } from '../../shared/media-box'

/** The message columns an attachment fills. */
export type AttachmentColumns = {
  fileId: string
  fileName: string
  fileType: string
  fileSize: number
  fileWidth?: number
  fileHeight?: number
  thumbId?: string
  fileDuration?: number
  fileWaveform?: string
}

/** A thumbnail is a small WebP (longest side 640 px): far below this. */
export const THUMB_MAX_BYTES = 2 * 1024 * 1024

const has = (permissions: string[], action: string, role: string) =>
  permissions.includes(`${action}("${role}")`)

/**
 * An attachment must be a finished upload in the bucket `files` that the caller made and that
 * the partner may read. "Made by the caller" rests on the file's own permissions: a client may
 * only grant roles it holds, so `delete("user:<caller>")` can have been set by the caller alone
 * (or by the server key, which never uploads for users). Both adapters read the same file model.
 */
export async function checkAttachment(
  backend: BackendPort,
  config: Config,
  caller: BackendUser,
  ref: AttachmentRef,
): Promise<AttachmentColumns> {
  const file = await backend.getFile(ref.fileId)
  if (!file) throw new ApiError(400, 'The attached file does not exist', 'file_not_found')
  if (!has(file.$permissions, 'delete', `user:${caller.$id}`))
    throw new ApiError(403, 'You can only attach files you uploaded', 'file_not_yours')
  if (file.chunksUploaded < file.chunksTotal)
    throw new ApiError(400, 'The attached file has not finished uploading', 'file_incomplete')
  if (!has(file.$permissions, 'read', `team:${TEAMS.user}`))
    throw new ApiError(400, 'Your partner could not open the attached file', 'file_not_shared')
  if (file.sizeOriginal > config.FILE_MAX_BYTES)
    throw new ApiError(400, 'The attached file is too large', 'file_too_large')
  const image = ref.width && ref.height ? { fileWidth: ref.width, fileHeight: ref.height } : {}
  if (ref.thumbId) await checkThumb(backend, caller, ref.thumbId, ref.fileId, file.mimeType)
  return {
    fileId: file.$id,
    fileName: file.name.slice(0, 255),
    fileType: file.mimeType,
    fileSize: file.sizeOriginal,
    ...image,
    ...(ref.thumbId ? { thumbId: ref.thumbId } : {}),
    ...audioColumns(ref, file.mimeType),
  }
}

/**
 * A voice message's or audio file's length and bars, only on a file stored as audio (or as the
 * webm or mp4 a recording is, which a backend may call video: the duration says what it is).
 */
function audioColumns(ref: AttachmentRef, type: string) {
  const { durationMs, waveform } = ref
  if (durationMs === undefined && waveform === undefined) return {}
  if (!isPlayableAudio(type, durationMs ?? (waveform ? 1 : 0)))
    throw new ApiError(400, 'Only an audio file has a duration or a waveform', 'audio_invalid')
  return {
    ...(durationMs ? { fileDuration: durationMs } : {}),
    ...(waveform ? { fileWaveform: waveform } : {}),
  }
}

/** An image's thumbnail: another finished upload of the caller's, a WebP the partner may read. */
async function checkThumb(
  backend: BackendPort,
  caller: BackendUser,
  thumbId: string,
  fileId: string,
  originalType: string,
) {
  const refuse = (message: string) => new ApiError(400, message, 'thumb_invalid')
  if (thumbId === fileId) throw refuse('The thumbnail must be a file of its own')
  if (!originalType.startsWith('image/')) throw refuse('Only an image has a thumbnail')
  const thumb = await backend.getFile(thumbId)
  if (!thumb) throw refuse('The thumbnail does not exist')
  if (!has(thumb.$permissions, 'delete', `user:${caller.$id}`))
    throw new ApiError(403, 'You can only attach files you uploaded', 'file_not_yours')
  if (thumb.chunksUploaded < thumb.chunksTotal) throw refuse('The thumbnail is still uploading')
  if (!has(thumb.$permissions, 'read', `team:${TEAMS.user}`))
    throw refuse('Your partner could not open the thumbnail')
  if (thumb.mimeType !== 'image/webp') throw refuse('The thumbnail must be a WebP image')
  if (thumb.sizeOriginal > THUMB_MAX_BYTES) throw refuse('The thumbnail is too large')
}
