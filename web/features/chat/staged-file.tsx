import { useEffect, useState, type ReactNode } from 'react'
import { FileIcon, FileName } from './attach-controls'
import { formatFileSize, shownWidth } from './attachment-format'
import { useOnline } from '../../lib/use-online'

// A chunk of its own (message-parts.ts): shown only once a file is picked, dropped or pasted,
// and then while it uploads.

/** The files that go with the next send, each with its own Remove. */
export default function StagedFiles(p: { files: readonly File[]; onRemove: (file: File) => void }) {
  return (
    <div className="staged-files">
      {p.files.map((file, i) => (
        // A file picked twice is staged twice: its place tells them apart.
        <StagedFile key={`${i}:${file.name}`} file={file} onRemove={() => p.onRemove(file)} />
      ))}
    </div>
  )
}

/** A file that goes with the next send; the text becomes the first one's caption. */
function StagedFile({ file, onRemove }: { file: File; onRemove: () => void }) {
  return (
    <div className="staged-file" role="group" aria-label="File to send">
      {file.type.startsWith('image/') ? <StagedThumb file={file} /> : <FileIcon />}
      <FileName name={file.name} />
      <span className="file-size">{formatFileSize(file.size)}</span>
      <button
        type="button"
        className="staged-remove"
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
      >
        ×
      </button>
    </div>
  )
}

/** A staged picture as it will go (the same file, from memory), until it is sent or removed. */
function StagedThumb({ file }: { file: File }) {
  const url = useObjectUrl(file)
  return url ? <img className="staged-thumb" src={url} alt="" /> : <FileIcon />
}

/**
 * A photo on its way, from memory, in the box the stored one will take (its pixel size was
 * measured before the upload), its progress over it: the bubble does not change shape, as
 * a file chip turning into the picture did, when the upload ends.
 */
export function PendingPhoto(p: {
  src: string
  name: string
  width?: number | null
  height?: number | null
  /** Its upload failed: dimmed, and online a mark over it (the line under the bubble says why). */
  failed: boolean
  children: ReactNode
}) {
  const { width, height } = p
  // Offline it only waits for the connection (not-sent-line.tsx): no failure to mark.
  const online = useOnline()
  return (
    <div className={`msg-image pending-photo${p.failed ? ' failed' : ''}`}>
      <img
        src={p.src}
        alt={p.name}
        width={width ?? undefined}
        height={height ?? undefined}
        style={width && height ? { width: shownWidth(width, height) } : undefined}
      />
      {p.failed && online && <span className="pending-photo-failed" aria-hidden="true" />}
      {p.children}
    </div>
  )
}

/** An object URL of `file` while the component shows it. */
function useObjectUrl(file: File) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url
}
