import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useState, type MouseEvent, type ReactNode } from 'react'
import { BUCKET_ID } from '../../../shared/db-ids'
import {
  isInlineImage,
  isInlineVideo,
  isPlayableAudio,
  shownFileName,
} from '../../../shared/media-box'
import { storage } from '../../lib/appwrite'
import { FileIcon, FileName } from './attach-controls'
import { BlurGate, InlineVideo } from '../media/blur-gate'
import { attachmentLabel, formatFileSize, shownWidth } from './attachment-format'
import { searchHits, type DisplayItem } from './display-item'
import type { Attachment } from './message-model'
import { MessageParts } from './message-parts'
import { dropPicture, pictureOf, shownPicture } from './upload-queue'
import { takeBack } from './send-queue'
import { useSearchTerm } from './room-context'
// The player's box is the first stylesheet's: its stand-in below, and the Worker's drawing of it.
import './voice.css'

type Props = {
  attachment: Attachment
  upload: DisplayItem['upload']
  /** The pending message's, for cancelling its upload. */
  clientId?: string | null
}

/**
 * A message's file: an image inline (its thumbnail when it has one) (its box reserved from the stored pixel size, so the list
 * does not jump when it loads; a click opens the full file in the viewer), a video or a voice
 * message playing in place, anything else as a download chip.
 * The URLs are the backend's own (same origin), authorised by the session cookie.
 */
export function AttachmentView({ attachment, upload, clientId }: Props) {
  const { fileId, name, type, size, width, height, thumbId } = attachment
  const file = { bucketId: BUCKET_ID, fileId }
  // A search finds a file shown by name by it (display-item.ts matchesSearch): marked there too.
  const term = useSearchTerm()
  const named = term && shownFileName(type, name, attachment.duration)
  if (!upload && isInlineImage(type)) {
    const view = storage.getFileView(file)
    // The bubble loads the small WebP the sender's browser made; a click opens the original.
    const shownSrc = thumbId ? storage.getFileView({ bucketId: BUCKET_ID, fileId: thumbId }) : view
    const shown = width && height ? shownWidth(width, height) : null
    // A photo sent from here: its picture from memory under the thumbnail until that has loaded.
    const picture = shownPicture(clientId)
    return (
      <BlurGate name="image">
        <PhotoLink fileId={fileId} href={view} download={storage.getFileDownload(file)} name={name}>
          <img
            src={shownSrc}
            alt={name}
            loading="lazy"
            width={width ?? undefined}
            height={height ?? undefined}
            style={{ width: shown ?? undefined, backgroundImage: picture && `url(${picture})` }}
            onLoad={(e) => {
              if (!picture) return
              e.currentTarget.style.backgroundImage = ''
              dropPicture(clientId!)
            }}
          />
        </PhotoLink>
      </BlurGate>
    )
  }
  if (!upload && isInlineVideo(type) && !attachment.duration)
    return (
      <BlurGate name="video">
        <InlineVideo src={storage.getFileView(file)} name={name} />
      </BlurGate>
    )
  const progress = upload && !upload.failed && (
    <UploadProgress name={name} progress={upload.progress} clientId={clientId} />
  )
  const chip = (
    <div className="file-chip">
      <FileIcon />
      {/* A voice message on its way is one, not a file name with a date in it. */}
      <FileName
        name={attachmentLabel(attachment, true)}
        hits={named ? searchHits(named, term) : undefined}
      />
      <span className="file-size">{formatFileSize(size)}</span>
      {upload ? (
        progress
      ) : (
        <a className="file-download" href={storage.getFileDownload(file)} download={name}>
          Download
        </a>
      )}
    </div>
  )
  // A photo on its way shows from memory while this page holds its file (upload-queue.ts).
  const local = upload && clientId && isInlineImage(type) ? pictureOf(clientId) : undefined
  if (local)
    return (
      <Suspense fallback={chip}>
        <MessageParts.PendingPhoto
          src={local}
          name={name}
          width={width}
          height={height}
          failed={!!upload?.failed}
        >
          {progress}
        </MessageParts.PendingPhoto>
      </Suspense>
    )
  // A voice message or an audio file plays in its bubble; until its chunk is in, the player's box
  // with its play button stands in (worker/first-paint/row-paint.ts draws the same): the rows do
  // not move when the player comes.
  if (upload || !isPlayableAudio(type, attachment.duration)) return chip
  return (
    <Suspense
      fallback={
        <div className="voice-note">
          <span className="voice-play">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
        </div>
      }
    >
      <MessageParts.VoiceNote
        src={storage.getFileView(file)}
        download={storage.getFileDownload(file)}
        name={name}
        duration={attachment.duration ?? null}
        waveform={attachment.waveform ?? null}
      />
    </Suspense>
  )
}

/**
 * The bubble's photo: a click opens it in the viewer (a chunk of its own); a modified or middle
 * click, or a page without the app yet, follows the link to a new tab.
 */
function PhotoLink(props: {
  fileId: string
  href: string
  download: string
  name: string
  children: ReactNode
}) {
  const { fileId, href, download, name, children } = props
  const [open, setOpen] = useState(false)
  const plain = (e: MouseEvent) => !e.button && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey
  return (
    <>
      <a
        className="msg-image"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(e) => plain(e) && (e.preventDefault(), setOpen(true))}
      >
        {children}
      </a>
      {open && (
        <Suspense fallback={null}>
          <MessageParts.ImageViewer
            fileId={fileId}
            src={href}
            download={download}
            name={name}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  )
}

/** The SDK reports progress per 5 MB chunk; a smaller file shows a busy bar until it is stored. */
function UploadProgress(p: { name: string; progress: number; clientId?: string | null }) {
  const { name, progress, clientId } = p
  const queryClient = useQueryClient()
  return (
    <span className="upload-progress">
      <progress
        max={100}
        value={progress > 0 ? progress : undefined}
        aria-label={`Uploading ${name}`}
      />
      {progress > 0 && <span>{progress}%</span>}
      {clientId && (
        <button
          type="button"
          className="upload-cancel"
          aria-label={`Cancel the upload of ${name}`}
          title="Cancel the upload"
          onClick={() => takeBack(queryClient, clientId)}
        >
          ×
        </button>
      )}
    </span>
  )
}
