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

/** Shown inline (an <img>) rather than as a download chip. SVG stays a download: it may script. */
export const isInlineImage = (type: string) => /^image\/(png|jpeg|gif|webp|avif|bmp)$/i.test(type)

/** Played inline with controls (MP4, WebM); other videos are downloads. */
export const isInlineVideo = (type: string) => /^video\/(mp4|webm)$/i.test(type)

/**
 * What a file is to its reader: heard (voice, audio), seen inline (photo, video), or a file. The
 * Worker's words build on it; the SPA's room spells the same tests out (shownFileName,
 * attachment-format.ts attachmentLabel) because the room's first script has no bytes to spare,
 * and tests/unit/search-runs.test.ts holds them to this.
 */
/**
 * What names a file where it stands alone (a quote, a bookmark): a voice message, a photo or a
 * video as such (a notification says the same, worker/services/push/message-push.ts), other files by name. In
 * its own chip (`named`: an upload, a download) only a voice message is not its file's name.
 */
export function fileLabel(type: string, name: string, durationMs?: number | null, named = false) {
  if (durationMs && isPlayableAudio(type, durationMs)) return 'Voice message'
  if (named) return name
  if (isInlineImage(type)) return 'Photo'
  return isInlineVideo(type) && !durationMs ? 'Video' : name
}

export type MediaKind = 'voice' | 'audio' | 'photo' | 'video' | 'file'

export function mediaKind(type: string, durationMs?: number | null): MediaKind {
  if (isPlayableAudio(type, durationMs)) return durationMs ? 'voice' : 'audio'
  if (isInlineImage(type)) return 'photo'
  return isInlineVideo(type) ? 'video' : 'file'
}

/**
 * The name a room shows a file by: a download chip's (a document, an archive). A photo, a video or
 * a recording is seen or heard instead, its name (often "image.png") not read: search skips it.
 */
export function shownFileName(
  type: string | null | undefined,
  name: string | null | undefined,
  durationMs?: number | null,
): string | null {
  if (!name || !type) return null
  const inline =
    isInlineImage(type) || (isInlineVideo(type) && !durationMs) || isPlayableAudio(type, durationMs)
  return inline ? null : name
}

/** A byte count for people: "512 B", "2.4 KB", "30 MB" (1024-based, one decimal below 10). */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB']
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10
  // Rounding may reach the next unit (1023.6 KB → "1024 KB"): say "1 MB" instead.
  if (shown >= 1024 && unit < units.length - 1) return `1 ${units[unit + 1]}`
  return `${shown} ${units[unit]}`
}

/** Where a long file name is cut, so "…" comes before its extension (what kind of file it is). */
export function fileNameCut(name: string) {
  const dot = name.lastIndexOf('.')
  return dot > 0 && name.length - dot <= 8 ? dot : name.length
}
