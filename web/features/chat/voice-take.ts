import { notify } from '../../lib/notify'

/** One recording under way: the microphone's stream, its recorder and the level's analyser. */
export type Take = {
  recorder: MediaRecorder
  stream: MediaStream
  chunks: Blob[]
  started: number
  context: AudioContext
  analyser: AnalyserNode
  /** Time spent paused so far, and since when it is paused now (null while recording). */
  pausedMs: number
  pausedAt: number | null
}

// Opus at 32 kbit/s: clear speech, and the longest recording stays one upload (under 5 MB).
const BITS_PER_SECOND = 32_000
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm']
const EXTENSIONS: Record<string, string> = { 'audio/ogg': 'ogg', 'audio/mp4': 'm4a' }
// Shorter is a tap that was not meant as a message.
const SHORTEST_MS = 700

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

/** Opens the microphone and starts recording; null (and a notice saying why) when it cannot. */
export async function startTake(): Promise<Take | null> {
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
    const started = performance.now()
    return { recorder, stream, chunks, started, context, analyser, pausedMs: 0, pausedAt: null }
  } catch (err) {
    explain(err)
    return null
  }
}

/** How much has been recorded: the time since the start, less the pauses. */
export const recordedMs = (t: Take, now = performance.now()) =>
  now - t.started - t.pausedMs - (t.pausedAt === null ? 0 : now - t.pausedAt)

/** Pauses or resumes the recording (nothing is recorded meanwhile; the microphone stays open). */
export function setPaused(t: Take, paused: boolean) {
  if (paused === (t.pausedAt !== null) || t.recorder.state === 'inactive') return
  if (paused) {
    t.recorder.pause()
    t.pausedAt = performance.now()
  } else {
    t.recorder.resume()
    t.pausedMs += performance.now() - t.pausedAt!
    t.pausedAt = null
  }
}

/** The take's level now, 0 to 1 (a root of the RMS, so quiet syllables show). */
export function levelOf(take: Take, data: Uint8Array<ArrayBuffer>): number {
  take.analyser.getByteTimeDomainData(data)
  let sum = 0
  for (const v of data) sum += ((v - 128) / 128) ** 2
  return Math.min(1, 1.6 * Math.sqrt(Math.sqrt(sum / data.length)))
}

/**
 * Stops the take and lets the microphone go at once; `then` gets its file when it is long
 * enough to be a message (a shorter one, meant to be kept, says "Too short").
 */
export function endTake(t: Take, then?: (file: File) => void) {
  const long = recordedMs(t) >= SHORTEST_MS
  if (then && !long) notify({ type: 'info', title: 'Too short', body: 'Record a little longer.' })
  t.recorder.onstop = () => {
    const type = t.recorder.mimeType.split(';', 1)[0] || 'audio/webm'
    const blob = new Blob(t.chunks, { type })
    if (then && long && blob.size) then(new File([blob], fileName(type), { type }))
  }
  if (t.recorder.state !== 'inactive') t.recorder.stop()
  for (const track of t.stream.getTracks()) track.stop()
  void t.context.close().catch(() => undefined)
}
