import { BUCKET_ID } from '../../../shared/db-ids'
import { storage } from '../../lib/appwrite'
import { FileIcon } from './attach-controls'
import { BlurGate, InlineVideo } from '../media/blur-gate'
import { formatFileSize, isInlineImage, isInlineVideo, shownWidth } from './attachment-format'
import type { DisplayItem } from './display-item'
import type { Attachment } from './message-model'

type Props = { attachment: Attachment; upload: DisplayItem['upload'] }

/**
 * A message's file: an image inline (its thumbnail when it has one) (its box reserved from the stored pixel size, so the list
 * does not jump when it loads; a click opens the full file), anything else as a download chip.
 * The URLs are the backend's own (same origin), authorised by the session cookie.
 */
export function AttachmentView({ attachment, upload }: Props) {
  const { fileId, name, type, size, width, height, thumbId } = attachment
  const file = { bucketId: BUCKET_ID, fileId }
  if (!upload && isInlineImage(type)) {
    const view = storage.getFileView(file)
    // The bubble loads the small WebP the sender's browser made; a click opens the original.
    const shownSrc = thumbId ? storage.getFileView({ bucketId: BUCKET_ID, fileId: thumbId }) : view
    const shown = width && height ? shownWidth(width, height) : null
    return (
      <BlurGate name="image">
        <a className="msg-image" href={view} target="_blank" rel="noopener noreferrer">
          <img
            src={shownSrc}
            alt={name}
            loading="lazy"
            width={width ?? undefined}
            height={height ?? undefined}
            style={shown ? { width: shown } : undefined}
          />
        </a>
      </BlurGate>
    )
  }
  if (!upload && isInlineVideo(type))
    return (
      <BlurGate name="video">
        <InlineVideo src={storage.getFileView(file)} name={name} />
      </BlurGate>
    )
  return (
    <div className="file-chip">
      <FileIcon />
      <span className="file-name">{name}</span>
      <span className="file-size">{formatFileSize(size)}</span>
      {upload ? (
        !upload.failed && <UploadProgress name={name} progress={upload.progress} />
      ) : (
        <a className="file-download" href={storage.getFileDownload(file)} download={name}>
          Download
        </a>
      )}
    </div>
  )
}

/** The SDK reports progress per 5 MB chunk; a smaller file shows a busy bar until it is stored. */
function UploadProgress({ name, progress }: { name: string; progress: number }) {
  return (
    <span className="upload-progress">
      <progress
        max={100}
        value={progress > 0 ? progress : undefined}
        aria-label={`Uploading ${name}`}
      />
      {progress > 0 && <span>{progress}%</span>}
    </span>
  )
}
