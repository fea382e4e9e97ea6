import { useEffect, useRef, useState, type Ref } from 'react'
import { measureAudio, type AudioMeasure } from '../media/audio-measure'
import VoiceNote from './voice-note'

/** The strip's bin: drops what was recorded (Escape does the same). */
export function VoiceDrop({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="voice-action"
      aria-label={label}
      // "Cancel (Esc)", "Delete (Esc)": the label's verb, and the key that does the same.
      title={`${label.split(' ', 1)[0]} (Esc)`}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
      </svg>
    </button>
  )
}

/** The strip's Send, the recorder's and the review's. */
export function VoiceSend({ onClick, ref }: { onClick: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      className="send-button"
      aria-label="Send the voice message"
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
        <path d="M4 12 20 4l-6 16-2.5-6.5z" />
      </svg>
    </button>
  )
}

type Props = { file: File; onSend: () => void; onDelete: () => void }

/**
 * A recording stopped to be heard before it goes: its player (length and bars measured as the
 * upload will measure them), Delete and Send. The player's Play has the focus; Escape deletes.
 */
export default function VoiceReview({ file, onSend, onDelete }: Props) {
  const [url] = useState(() => URL.createObjectURL(file))
  const [measure, setMeasure] = useState<AudioMeasure | null>()
  const strip = useRef<HTMLDivElement>(null)
  useEffect(() => () => URL.revokeObjectURL(url), [url])
  useEffect(() => {
    let current = true
    void measureAudio(file).then((m) => current && setMeasure(m))
    return () => void (current = false)
  }, [file])
  useEffect(() => {
    if (measure !== undefined) strip.current?.querySelector<HTMLElement>('.voice-play')?.focus()
  }, [measure])
  useEffect(() => {
    const escape = (e: KeyboardEvent) => e.key === 'Escape' && onDelete()
    document.addEventListener('keydown', escape)
    return () => document.removeEventListener('keydown', escape)
  }, [onDelete])
  return (
    <div ref={strip} className="voice-recording" role="group" aria-label="Your voice message">
      <VoiceDrop label="Delete the voice message" onClick={onDelete} />
      {measure === undefined ? (
        <span className="voice-time">Preparing…</span>
      ) : (
        <VoiceNote
          src={url}
          download={url}
          name={file.name}
          duration={measure?.duration ?? null}
          waveform={measure?.waveform ?? null}
        />
      )}
      <VoiceSend onClick={onSend} />
    </div>
  )
}
