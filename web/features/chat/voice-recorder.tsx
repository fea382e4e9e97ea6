import { useCallback, useEffect, useRef, useState } from 'react'
import { formatDuration, VOICE_MAX_MS } from '../../../shared/voice'
import VoiceReview, { VoiceDrop, VoiceSend } from './voice-review'
import { endTake, levelOf, recordedMs, setPaused, startTake, type Take } from './voice-take'
import './voice.css'

const LIVE_BARS = 80
const MIC_PATH = 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3'

/**
 * The composer's microphone (shown while nothing is typed): a tap records, with the clock and
 * the live level over the composer; Pause and Resume, Send sends it as a voice message, Stop lets
 * it be heard first (then Send or Delete), Cancel or Escape drops it, and at 15 minutes it is sent as it is.
 * Leaving the room mid-recording drops it too, and the microphone is let go whenever the
 * recording ends (voice-take.ts). `onRecording` hears each tick of a recording
 * (true) and its end (false): the partner is told "recording a voice message".
 */
export default function VoiceRecorder(props: {
  onRecorded: (file: File) => void
  onRecording?: (on: boolean) => void
}) {
  const { onRecorded } = props
  const onRecording = useRef(props.onRecording)
  onRecording.current = props.onRecording
  const [take, setTake] = useState<Take | null>(null)
  // Stopped to be heard first (voice-review.tsx).
  const [review, setReview] = useState<File | null>(null)
  const [paused, setPausedState] = useState(false)
  const [elapsed, setElapsed] = useState(0)
  const [levels, setLevels] = useState<number[]>([])
  const starting = useRef(false)
  const live = useRef<Take | null>(null)
  const sendButton = useRef<HTMLButtonElement>(null)
  const micButton = useRef<HTMLButtonElement>(null)
  const mounted = useRef(false)

  async function start() {
    if (starting.current || live.current) return
    starting.current = true
    const t = await startTake()
    starting.current = false
    // Left meanwhile (the microphone's permission prompt can take long): let it go at once.
    if (!mounted.current) return t && endTake(t)
    live.current = t
    setTake(t)
  }

  /** Ends the take (the microphone let go at once); `then` gets its file, if long enough. */
  function end(then?: (file: File) => void) {
    const t = live.current
    if (!t) return
    live.current = null
    setTake(null)
    setPausedState(false)
    setElapsed(0)
    setLevels([])
    onRecording.current?.(false)
    endTake(t, then)
  }

  const closeReview = useCallback(() => {
    setReview(null)
    micButton.current?.focus()
  }, [])

  function finish(keep: boolean) {
    end(keep ? onRecorded : undefined)
    micButton.current?.focus()
  }

  // The clock and the live level, ten times a second; Escape drops the recording.
  useEffect(() => {
    if (!take) return
    sendButton.current?.focus()
    const data = new Uint8Array(take.analyser.fftSize)
    const timer = setInterval(() => {
      // Paused: the clock and the level hold, and the partner's "recording…" lapses.
      if (take.pausedAt !== null) return
      const ms = recordedMs(take)
      const level = levelOf(take, data)
      setElapsed(ms)
      onRecording.current?.(true)
      setLevels((l) => [...l.slice(1 - LIVE_BARS), level])
      if (ms >= VOICE_MAX_MS) finish(true)
    }, 100)
    const escape = (e: KeyboardEvent) => e.key === 'Escape' && finish(false)
    document.addEventListener('keydown', escape)
    return () => {
      clearInterval(timer)
      document.removeEventListener('keydown', escape)
    }
    // finish reads the live take from its ref: the effect belongs to one take.
  }, [take])

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      finish(false)
    }
  }, [])

  return (
    <>
      <button
        ref={micButton}
        type="button"
        className="send-button"
        aria-label="Record a voice message"
        title="Record a voice message"
        onClick={() => void start()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
          <path d={MIC_PATH} />
        </svg>
      </button>
      {take && (
        <div className="voice-recording" role="group" aria-label="Recording a voice message">
          <VoiceDrop label="Cancel the voice message" onClick={() => finish(false)} />
          <span className={`rec-dot${paused ? ' paused' : ''}`} aria-hidden="true" />
          <span className="voice-time" role="timer">
            {formatDuration(elapsed)}
          </span>
          <div className="voice-wave live" aria-hidden="true">
            {levels.map((level, i) => (
              <i key={i} style={{ height: `${10 + 90 * level}%` }} />
            ))}
          </div>
          <button
            type="button"
            className="voice-action"
            aria-label={paused ? 'Resume recording' : 'Pause recording'}
            onClick={() => {
              setPaused(take, !paused)
              setPausedState(!paused)
              onRecording.current?.(paused)
            }}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
              <path d={paused ? MIC_PATH : 'M8 6v12M16 6v12'} />
            </svg>
          </button>
          <button
            type="button"
            className="voice-action"
            aria-label="Stop and listen"
            title="Stop, to listen before sending"
            onClick={() => end(setReview)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
              <rect x="7" y="7" width="10" height="10" rx="1.5" />
            </svg>
          </button>
          <VoiceSend ref={sendButton} onClick={() => finish(true)} />
        </div>
      )}
      {review && (
        <VoiceReview
          file={review}
          onSend={() => {
            onRecorded(review)
            closeReview()
          }}
          onDelete={closeReview}
        />
      )}
    </>
  )
}
