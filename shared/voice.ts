import { isPlayableAudio } from './media-box'

// Voice messages: their limits, clock and waveform, as the sender's browser measures them, the
// API checks them and the player, the Worker's drawing and notifications show them. Which files
// play as voice: isPlayableAudio (shared/media-box.ts).

/** The longest recording; at 32 kbit/s it stays one upload request (under the 5 MB chunk). */
export const VOICE_MAX_MS = 15 * 60_000
/** The longest audio file the API takes a duration for (a long recording, a podcast). */
export const AUDIO_DURATION_MAX_MS = 12 * 60 * 60_000

/** "0:07", "12:34", "1:02:03": a player's clock, rounded down to the second. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const s = String(total % 60).padStart(2, '0')
  const m = Math.floor(total / 60) % 60
  const h = Math.floor(total / 3600)
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** "Voice message (0:12)" for a file that plays as one, else undefined (the drawn room, pushes). */
export const voiceLabel = (type: string | null | undefined, ms: number | null | undefined) =>
  ms && isPlayableAudio(type ?? '', ms) ? `Voice message (${formatDuration(ms)})` : undefined

/** Bars in a waveform; each is one base-32 digit (0-9, a-v), 0 silent to 31 loudest. */
export const WAVE_BARS = 48
const DIGITS = '0123456789abcdefghijklmnopqrstuv'
export const WAVE_PATTERN = /^[0-9a-v]{48}$/

/**
 * Loudness per stretch of audio (any count, each 0..1) as WAVE_BARS digits: averaged into the
 * bars, then scaled so the loudest is 31, so a quiet recording still draws a shape.
 */
export function encodeWave(levels: readonly number[]): string {
  const bars = Array.from({ length: WAVE_BARS }, (_, i) => {
    const from = Math.floor((i * levels.length) / WAVE_BARS)
    const to = Math.max(from + 1, Math.floor(((i + 1) * levels.length) / WAVE_BARS))
    const part = levels.slice(from, to)
    return part.length ? part.reduce((a, b) => a + b, 0) / part.length : 0
  })
  const top = Math.max(...bars)
  return bars.map((b) => DIGITS[top > 0 ? Math.round((31 * b) / top) : 0]).join('')
}

/** The bars (0..1) of a stored waveform; a flat line when there is none or it is malformed. */
export function decodeWave(wave: string | null | undefined): number[] {
  if (!wave || !WAVE_PATTERN.test(wave)) return Array.from({ length: WAVE_BARS }, () => 0)
  return Array.from(wave, (d) => DIGITS.indexOf(d) / 31)
}
