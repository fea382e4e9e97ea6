import { useEffect, useRef, useState } from 'react'
import { formatDuration, VOICE_MAX_MS } from '../../../shared/voice'
import { notify } from '../../lib/notify'
import './voice.css'

type Take = {
  recorder: MediaRecorder
  stream: MediaStream
  chunks: Blob[]
  started: number
  context: AudioContext
  analyser: AnalyserNode
}

// Opus at 32 kbit/s: clear speech, and the longest recording stays one upload (under 5 MB).
const BITS_PER_SECOND = 32_000
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm']
const EXTENSIONS: Record<string, string> = { 'audio/ogg': 'ogg', 'audio/mp4': 'm4a' }
// Shorter is a tap that was not meant as a message.
const SHORTEST_MS = 700
const LIVE_BARS = 80

const fileName = (type: string) => {
  const stamp = new Date().toISOString().slice(0, 19).replace('T', ' at ').replace(/:/g, '.')
  return `Voice message ${stamp}.${EXTENSIONS[type] ?? 'webm'}`
}

function explain(err: unknown) {
  const name = err instanceof DOMException ? err.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return notify({
      title: 'Microphone blocked',
      body: 'Kathelia may not use your microphone. Allow it for this site in your browser’s settings, then try again.',
    })
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return notify({ title: 'No microphone', body: 'No microphone was found on this device.' })
  notify({ title: 'Recording failed', body: 'The recording could not start. Please try again.' })
}

/**
 * The composer's microphone (shown while nothing is typed): a tap records, with the clock and
 * the live level over the composer; Send sends it as a voice message, Cancel or Escape drops it,
 * and at 15 minutes it is sent as it is. Leaving the room mid-recording drops it too, and the
 * microphone is let go whenever the recording ends. `onRecording` hears each tick of a recording
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
  const [elapsed, setElapsed] = useState(0)
  const [levels, setLevels] = useState<number[]>([])
  const starting = useRef(false)
  const live = useRef<Take | null>(null)
  const sendButton = useRef<HTMLButtonElement>(null)
  const micButton = useRef<HTMLButtonElement>(null)

  async function start() {
    if (starting.current || live.current) return
    starting.current = true
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      })
      const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t))
      const recorder = new MediaRecorder(stream, {
        ...(mimeType && { mimeType }),
        audioBitsPerSecond: BITS_PER_SECOND,
      })
      const chunks: Blob[] = []
      recorder.ondataavailable = (e) => void (e.data.size && chunks.push(e.data))
      const context = new AudioContext()
      const analyser = context.createAnalyser()
      analyser.fftSize = 1024
      context.createMediaStreamSource(stream).connect(analyser)
      recorder.start(1000)
      live.current = { recorder, stream, chunks, started: performance.now(), context, analyser }
      setTake(live.current)
    } catch (err) {
      explain(err)
    } finally {
      starting.current = false
    }
  }

  function finish(keep: boolean) {
    const t = live.current
    if (!t) return
    live.current = null
    setTake(null)
    setElapsed(0)
    setLevels([])
    onRecording.current?.(false)
    const long = performance.now() - t.started >= SHORTEST_MS
    if (keep && !long) notify({ type: 'info', title: 'Too short', body: 'Record a little longer.' })
    t.recorder.onstop = () => {
      const type = t.recorder.mimeType.split(';', 1)[0] || 'audio/webm'
      const blob = new Blob(t.chunks, { type })
      if (keep && long && blob.size) onRecorded(new File([blob], fileName(type), { type }))
    }
    if (t.recorder.state !== 'inactive') t.recorder.stop()
    for (const track of t.stream.getTracks()) track.stop()
    void t.context.close().catch(() => undefined)
    micButton.current?.focus()
  }

  // The clock and the live level, ten times a second; Escape drops the recording.
  useEffect(() => {
    if (!take) return
    sendButton.current?.focus()
    const data = new Uint8Array(take.analyser.fftSize)
    const timer = setInterval(() => {
      const ms = performance.now() - take.started
      take.analyser.getByteTimeDomainData(data)
      let sum = 0
      for (const v of data) sum += ((v - 128) / 128) ** 2
      const level = Math.min(1, 1.6 * Math.sqrt(Math.sqrt(sum / data.length)))
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

  useEffect(() => () => finish(false), [])

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
          <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3" />
        </svg>
      </button>
      {take && (
        <div className="voice-recording" role="group" aria-label="Recording a voice message">
          <button
            type="button"
            className="voice-action"
            aria-label="Cancel the voice message"
            title="Cancel (Esc)"
            onClick={() => finish(false)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
            </svg>
          </button>
          <span className="rec-dot" aria-hidden="true" />
          <span className="voice-time" role="timer">
            {formatDuration(elapsed)}
          </span>
          <div className="voice-wave live" aria-hidden="true">
            {levels.map((level, i) => (
              <i key={i} style={{ height: `${10 + 90 * level}%` }} />
            ))}
          </div>
          <button
            ref={sendButton}
            type="button"
            className="send-button"
            aria-label="Send the voice message"
            onClick={() => finish(true)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
              <path d="M4 12 20 4l-6 16-2.5-6.5z" />
            </svg>
          </button>
        </div>
      )}
    </>
  )
}
