import { useRef } from 'react'
import type { Hit } from './display-item'
import { Marked } from './search-mark'
import { fileNameCut } from '../../../shared/media-box'

/** A real button (focusable, labelled) that opens the file picker of a hidden input. */
export function AttachButton({ onPick }: { onPick: (files: readonly File[]) => void }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button
        type="button"
        className="attach-button"
        aria-label="Attach a file"
        title="Attach a file"
        onClick={() => input.current?.click()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
          <path d="M16.5 6.5 8.8 14.2a2 2 0 0 0 2.8 2.8l7.7-7.7a4 4 0 0 0-5.7-5.7L5.9 11.3a6 6 0 0 0 8.5 8.5l6.1-6.1" />
        </svg>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        onChange={(e) => {
          // A copy: emptying the input below empties its list.
          onPick(Array.from(e.target.files ?? []))
          // The same file may be picked again after it was removed.
          e.target.value = ''
        }}
      />
    </>
  )
}

/** A file's name cut in its middle when long, so its extension (what kind of file) stays. */
export function FileName({ name, hits = [] }: { name: string; hits?: Hit[] }) {
  const cut = fileNameCut(name)
  return (
    <span className="file-name" title={name}>
      <span className="file-stem">
        <Marked text={name.slice(0, cut)} hits={hits} offset={0} />
      </span>
      <Marked text={name.slice(cut)} hits={hits} offset={cut} />
    </span>
  )
}

export function FileIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="icon file-icon">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5" />
    </svg>
  )
}
