import { useEffect, useState } from 'react'
import { FileIcon, FileName } from './attach-controls'
import { formatFileSize } from './attachment-format'

// A chunk of its own (message-parts.ts): shown only once a file is picked, dropped or pasted.

/** The file that goes with the next message; the text becomes its caption. */
export default function StagedFile({ file, onRemove }: { file: File; onRemove: () => void }) {
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
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url ? <img className="staged-thumb" src={url} alt="" /> : <FileIcon />
}
