import { useContext, useEffect, useMemo, useRef, useState, type PointerEvent } from 'react'
import { createPortal } from 'react-dom'
import { BUCKET_ID } from '../../../shared/db-ids'
import { storage } from '../../lib/appwrite'
import { isInlineImage } from '../../../shared/media-box'
import { LoadedCtx } from './room-context'

type Photo = { fileId: string; src: string; download: string; name: string }
type Props = Photo & { onClose: () => void }

// A finger's sideways move, in px, that turns to the next photo rather than being a tap.
const SWIPE_PX = 50

/**
 * A photo opened from its bubble, over the room: the original file fitted to the screen, with its
 * name, "Download" and "Open in new tab". In the installed app a new tab would have left the app.
 * The room's other loaded photos are a gallery: the arrow keys, the ‹ › buttons or a swipe move
 * through them in the room's order. A modal <dialog> in document.body (the row's own long press
 * and clicks never see it): Escape, the close button or a click beside the photo end it, and the
 * focus goes back to the photo it was opened from.
 */
export default function ImageViewer({ onClose, ...opened }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const photos = useRoomPhotos()
  const [at, setAt] = useState(opened.fileId)
  const i = photos.findIndex((p) => p.fileId === at)
  const photo = photos[i] ?? opened
  const [prev, next] = i < 0 ? [] : [photos[i - 1], photos[i + 1]]
  const swipe = useRef<number | null>(null)
  // No close() on cleanup: it fires `close`, which would end the viewer that React's StrictMode
  // remounts at once. Leaving the document takes the dialog out of the top layer anyway.
  useEffect(() => {
    const dialog = ref.current!
    if (!dialog.open) dialog.showModal()
    return () => {
      // Taken out of the page while open (its message deleted): the focus it held went to the
      // page, and the room's messages take it. A close of its own gave it back to the photo.
      if (!dialog.isConnected && document.activeElement === document.body)
        document.querySelector<HTMLElement>('[role="log"]')?.focus({ preventScroll: true })
    }
  }, [])
  const close = () => ref.current?.close()
  // A swipe ends with a click where the finger left: that click is not a close.
  const swiped = useRef(false)
  const clickClose = () => (swiped.current ? (swiped.current = false) : close())
  const show = (p: Photo | undefined) => p && setAt(p.fileId)
  const ended = (e: PointerEvent) => {
    const dx = swipe.current === null ? 0 : e.clientX - swipe.current
    swipe.current = null
    // Zoomed in, a sideways drag pans the page.
    if (Math.abs(dx) < SWIPE_PX || (visualViewport?.scale ?? 1) > 1.01) return false
    show(dx < 0 ? next : prev)
    return true
  }
  return createPortal(
    <dialog
      ref={ref}
      className="image-viewer"
      aria-label={photo.name}
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && clickClose()}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') show(prev)
        if (e.key === 'ArrowRight') show(next)
      }}
      onPointerDown={(e) => (swipe.current = e.clientX)}
      onPointerUp={(e) => (swiped.current = ended(e))}
      onPointerCancel={() => (swipe.current = null)}
    >
      <div className="image-viewer-bar">
        <span className="image-viewer-name" title={photo.name}>
          {photo.name}
        </span>
        {photos.length > 1 && i >= 0 && (
          <span className="image-viewer-count">
            {i + 1} of {photos.length}
          </span>
        )}
        <a href={photo.download} download={photo.name}>
          Download
        </a>
        <a href={photo.src} target="_blank" rel="noopener noreferrer">
          Open in new tab
        </a>
        <button type="button" className="image-viewer-close" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      <img key={photo.fileId} src={photo.src} alt={photo.name} onClick={clickClose} />
      <Step side="prev" to={prev} show={show} />
      <Step side="next" to={next} show={show} />
    </dialog>,
    document.body,
  )
}

/** The gallery's way to the photo before or after, when there is one. */
function Step(p: { side: 'prev' | 'next'; to?: Photo; show: (to: Photo) => unknown }) {
  if (!p.to) return null
  const to = p.to
  return (
    <button
      type="button"
      className={`image-viewer-step ${p.side}`}
      aria-label={p.side === 'prev' ? 'Previous photo' : 'Next photo'}
      onClick={() => p.show(to)}
    >
      {p.side === 'prev' ? '‹' : '›'}
    </button>
  )
}

/** The open room's loaded photos (not deleted), in the room's order. */
function useRoomPhotos(): Photo[] {
  const loaded = useContext(LoadedCtx)
  return useMemo(
    () =>
      [...loaded.values()]
        .sort((a, b) => a.seq - b.seq)
        .flatMap((m) =>
          m.attachment && !m.deletedAt && isInlineImage(m.attachment.type) ? [m.attachment] : [],
        )
        .map(({ fileId, name }) => {
          const file = { bucketId: BUCKET_ID, fileId }
          return {
            fileId,
            name,
            src: storage.getFileView(file),
            download: storage.getFileDownload(file),
          }
        }),
    [loaded],
  )
}
