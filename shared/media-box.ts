// What a message's media shows as: a picture's box, and which files play as sound.
/** At most 20rem (320px) wide and high, never enlarged: a picture's box is known before it loads. */
const BOX = 320
export const shownWidth = (width: number, height: number) =>
  Math.max(1, Math.round(Math.min(width, BOX, (BOX * width) / height)))

/**
 * A file played in the voice player: any audio type (one the browser cannot play offers its
 * download instead), or the WebM or MP4 a recording is stored as, which a backend may call video.
 */
export function isPlayableAudio(type: string, durationMs?: number | null): boolean {
  const t = type.toLowerCase()
  return t.startsWith('audio/') || (!!durationMs && /^video\/(webm|mp4)\b/.test(t))
}
