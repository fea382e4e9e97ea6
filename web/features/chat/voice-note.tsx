import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { decodeWave, formatDuration } from '../../../shared/voice'
import './voice.css'

type Props = {
  src: string
  download: string
  name: string
  /** Stored with the message (ms); else read from the file once it is asked for. */
  duration: number | null
  waveform: string | null
}

const RATES = [1, 1.5, 2]
const RATE_KEY = 'kathelia-voice-rate'
const readRate = () => {
  const saved = Number(localStorage.getItem(RATE_KEY))
  return RATES.includes(saved) ? saved : 1
}
const STEP_MS = 5000

/** The length as a screen reader says it: "1 minute 5 seconds". */
function spokenDuration(ms: number): string {
  const total = Math.max(1, Math.floor(ms / 1000))
  const m = Math.floor(total / 60)
  const s = total % 60
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  return [m && part(m, 'minute'), s && part(s, 'second')].filter(Boolean).join(' ')
}

// One voice at a time, as in any messenger: starting one pauses whichever was playing.
let current: HTMLAudioElement | null = null

/**
 * Voice messages in a row play on, as in phone messengers: the one that ended starts the next
 * message's when that message is one too (day lines and the unread line between them do not
 * count; any other message stops it).
 */
function playNext(ended: HTMLElement) {
  let row = ended.closest('[data-vkey]')?.nextElementSibling
  while (row && !row.querySelector('.msg')) row = row.nextElementSibling
  row?.querySelector<HTMLButtonElement>('.msg .voice-note:not(.playing) .voice-play')?.click()
}

/**
 * A voice message or audio file in its bubble: play and pause, its bars as the seek bar (a
 * slider: click or drag, arrows ±5 s, Home and End), the clock, and the speed (1×, 1.5×, 2×, the
 * same for every voice message on this device). Nothing is fetched until it is played; the next
 * message plays on when it is a voice message too.
 */
export default function VoiceNote({ src, download, name, duration, waveform }: Props) {
  const audio = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [at, setAt] = useState(0)
  const [read, setRead] = useState(0)
  const [rate, setRate] = useState(readRate)
  const [failed, setFailed] = useState(false)
  const bars = useMemo(() => decodeWave(waveform), [waveform])
  const total = duration ?? read

  // The position drawn every frame while it plays (timeupdate comes 4 times a second).
  useEffect(() => {
    if (!playing) return
    let frame = requestAnimationFrame(function tick() {
      setAt((audio.current?.currentTime ?? 0) * 1000)
      frame = requestAnimationFrame(tick)
    })
    return () => cancelAnimationFrame(frame)
  }, [playing])

  useEffect(() => () => void (current === audio.current && (current = null)), [])

  function toggle() {
    const a = audio.current
    if (!a) return
    if (!a.paused) return a.pause()
    if (current && current !== a) current.pause()
    current = a
    a.playbackRate = rate
    a.play().catch((err: unknown) => {
      // Paused before it began (another voice started) is no failure.
      if (!(err instanceof DOMException && err.name === 'AbortError')) setFailed(true)
    })
  }

  function seek(ms: number) {
    const a = audio.current
    if (!a || !total) return
    const to = Math.min(Math.max(ms, 0), total)
    a.currentTime = to / 1000
    setAt(to)
  }

  function pointer(e: PointerEvent<HTMLDivElement>) {
    if (e.type === 'pointermove' && !e.buttons) return
    if (e.type === 'pointerdown') e.currentTarget.setPointerCapture(e.pointerId)
    const box = e.currentTarget.getBoundingClientRect()
    seek(((e.clientX - box.left) / box.width) * total)
  }

  function key(e: KeyboardEvent) {
    const to = {
      ArrowLeft: at - STEP_MS,
      ArrowDown: at - STEP_MS,
      ArrowRight: at + STEP_MS,
      ArrowUp: at + STEP_MS,
      Home: 0,
      End: total,
    }[e.key]
    if (to === undefined) return
    e.preventDefault()
    seek(to)
  }

  function nextRate() {
    const next = RATES[(RATES.indexOf(rate) + 1) % RATES.length]!
    setRate(next)
    localStorage.setItem(RATE_KEY, String(next))
    if (audio.current) audio.current.playbackRate = next
  }

  if (failed)
    return (
      <div className="file-chip voice-failed">
        <span>This voice message cannot be played in this browser.</span>
        <a className="file-download" href={download} download={name}>
          Download
        </a>
      </div>
    )
  const shown = playing || at > 0 ? at : total
  return (
    <div
      className={`voice-note${playing ? ' playing' : ''}`}
      role="group"
      aria-label={total ? `Voice message, ${spokenDuration(total)}` : 'Voice message'}
    >
      <button
        type="button"
        className="voice-play"
        aria-label={playing ? 'Pause' : 'Play'}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
          <path d={playing ? 'M7 5h3v14H7zM14 5h3v14h-3z' : 'M8 5v14l11-7z'} />
        </svg>
      </button>
      <div
        className="voice-wave"
        role="slider"
        tabIndex={0}
        aria-label="Position"
        aria-valuemin={0}
        aria-valuemax={Math.round(total / 1000)}
        aria-valuenow={Math.round(at / 1000)}
        aria-valuetext={`${formatDuration(at)} of ${formatDuration(total)}`}
        onPointerDown={pointer}
        onPointerMove={pointer}
        onKeyDown={key}
      >
        {bars.map((level, i) => (
          <i
            key={i}
            className={total && (i + 0.5) / bars.length <= at / total ? 'played' : undefined}
            style={{ height: `${15 + 85 * level}%` }}
          />
        ))}
      </div>
      <span className="voice-time">{total || at ? formatDuration(shown) : ''}</span>
      <button
        type="button"
        className="voice-rate"
        aria-label={`Speed ${rate}×`}
        title="Playback speed"
        onClick={nextRate}
      >
        {rate}×
      </button>
      <audio
        ref={audio}
        src={src}
        // The length is stored; without it, the file's header says it (a few KB, not the file).
        preload={duration ? 'none' : 'metadata'}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={(e) => {
          setAt(0)
          playNext(e.currentTarget)
        }}
        onLoadedMetadata={(e) => {
          const d = e.currentTarget.duration
          if (Number.isFinite(d)) setRead(Math.round(d * 1000))
        }}
        onError={() => setFailed(true)}
      />
    </div>
  )
}
