import { AUDIO_DURATION_MAX_MS, encodeWave, WAVE_BARS } from '../../../shared/voice'

// Decoding holds the whole file as PCM (a minute is about 10 MB): past this, only its length
// is read, from the file's own header.
const DECODE_MAX_BYTES = 16 * 1024 * 1024
// Stretches measured per bar before encodeWave averages them: a smoother shape than one each.
const STRETCHES = WAVE_BARS * 4

export type AudioMeasure = { duration: number; waveform?: string }

/**
 * A voice message's or audio file's length (ms) and loudness bars, measured in the sender's
 * browser before the upload: the player shows both before a byte of the file is fetched (a
 * recording's WebM header has no length at all). Null when the browser cannot read it.
 */
export function measureAudio(file: Blob): Promise<AudioMeasure | null> {
  // A recording heard before it goes (voice-review.tsx) is the same File the send measures.
  let measuring = measures.get(file)
  if (!measuring) measures.set(file, (measuring = measure(file)))
  return measuring
}

const measures = new WeakMap<Blob, Promise<AudioMeasure | null>>()

async function measure(file: Blob): Promise<AudioMeasure | null> {
  const measured = file.size <= DECODE_MAX_BYTES ? await decoded(file) : await headerLength(file)
  if (!measured || !(measured.duration >= 1)) return null
  return { ...measured, duration: Math.min(measured.duration, AUDIO_DURATION_MAX_MS) }
}

async function decoded(file: Blob): Promise<AudioMeasure | null> {
  try {
    // Offline: nothing is played, and no audio device is opened for it.
    const context = new OfflineAudioContext(1, 1, 22_050)
    const audio = await context.decodeAudioData(await file.arrayBuffer())
    const channels = Array.from({ length: audio.numberOfChannels }, (_, i) =>
      audio.getChannelData(i),
    )
    const size = Math.max(1, Math.floor(audio.length / STRETCHES))
    const levels: number[] = []
    for (let start = 0; start < audio.length; start += size) {
      let sum = 0
      const end = Math.min(audio.length, start + size)
      for (const data of channels) for (let i = start; i < end; i++) sum += data[i]! * data[i]!
      // Root mean square, then its root again: speech's quiet syllables still show.
      levels.push(Math.sqrt(Math.sqrt(sum / ((end - start) * channels.length))))
    }
    return { duration: Math.round(audio.duration * 1000), waveform: encodeWave(levels) }
  } catch {
    return headerLength(file)
  }
}

/** The length the file's header states, as the browser's own player reads it. */
function headerLength(file: Blob): Promise<AudioMeasure | null> {
  const url = URL.createObjectURL(file)
  const audio = new Audio()
  return new Promise<AudioMeasure | null>((done) => {
    audio.onloadedmetadata = () =>
      done(Number.isFinite(audio.duration) ? { duration: Math.round(audio.duration * 1000) } : null)
    audio.onerror = () => done(null)
    audio.preload = 'metadata'
    audio.src = url
  }).finally(() => {
    audio.removeAttribute('src')
    URL.revokeObjectURL(url)
  })
}
