import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal'
import { FileIcon, FileName } from './attach-controls'
import { formatFileSize, shownWidth } from './attachment-format'
import { useOnline } from '../../lib/use-online'

// A chunk of its own (message-parts.ts): shown only once a file is picked, dropped or pasted,
// and then while it uploads.

/** The files that go with the next send, each with its own Remove. */
export default function StagedFiles(p: { files: readonly File[]; onRemove: (file: File) => void }) {
  const list = useRef<HTMLUListElement>(null)
  const box = () => list.current?.closest('form')?.querySelector('textarea')
  // A removed file's Remove hands the focus to the next one's, the last one's to the box.
  const removing = useFocusAfterRemoval(box)
  return (
    <ul className="staged-files" ref={list} aria-label="Files to send">
      {p.files.map((file) => (
        <li key={keyOf(file)}>
          <StagedFile
            file={file}
            onRemove={(control) => {
              if (p.files.length === 1) box()?.focus()
              else removing(control, '.staged-remove')
              p.onRemove(file)
            }}
          />
        </li>
      ))}
    </ul>
  )
}

// A key per staged File, so the others keep their rows (and pictures) when one is removed.
const keys = new WeakMap<File, number>()
let lastKey = 0
const keyOf = (file: File) => keys.get(file) ?? (keys.set(file, ++lastKey), lastKey)

/** A file that goes with the next send; the text becomes the first one's caption. */
function StagedFile(p: { file: File; onRemove: (control: HTMLElement) => void }) {
  const { file } = p
  return (
    <div className="staged-file" role="group" aria-label="File to send">
      {file.type.startsWith('image/') ? <StagedThumb file={file} /> : <FileIcon />}
      <FileName name={file.name} />
      <span className="file-size">{formatFileSize(file.size)}</span>
      <button
        type="button"
        className="staged-remove"
        aria-label={`Remove ${file.name}`}
        onClick={(e) => p.onRemove(e.currentTarget)}
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
  /** Its upload failed: online dimmed with a mark over it (the line under the bubble says why). */
  failed: boolean
  children: ReactNode
}) {
  const { width, height } = p
  // Offline it only waits for the connection (not-sent-line.tsx): no failure to mark, nor a
  // failure's grey, which left one's own photo hard to tell.
  const online = useOnline()
  const failed = p.failed && online
  return (
    <div className={`msg-image pending-photo${failed ? ' failed' : ''}`}>
      <img
        src={p.src}
        alt={p.name}
        width={width ?? undefined}
        height={height ?? undefined}
        style={width && height ? { width: shownWidth(width, height) } : undefined}
      />
      {failed && <span className="pending-photo-failed" aria-hidden="true" />}
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
