import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'

type Props = { src: string; download: string; name: string; onClose: () => void }

/**
 * A photo opened from its bubble, over the room: the original file fitted to the screen, with its
 * name, "Download" and "Open in new tab". In the installed app a new tab would have left the app.
 * A modal <dialog> in document.body (the row's own long press and clicks never see it): Escape,
 * the close button or a click beside the photo end it, and the focus goes back to the photo.
 */
export default function ImageViewer({ src, download, name, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
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
  return createPortal(
    <dialog
      ref={ref}
      className="image-viewer"
      aria-label={name}
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && close()}
    >
      <div className="image-viewer-bar">
        <span className="image-viewer-name" title={name}>
          {name}
        </span>
        <a href={download} download={name}>
          Download
        </a>
        <a href={src} target="_blank" rel="noopener noreferrer">
          Open in new tab
        </a>
        <button type="button" className="image-viewer-close" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      <img src={src} alt={name} onClick={close} />
    </dialog>,
    document.body,
  )
}
