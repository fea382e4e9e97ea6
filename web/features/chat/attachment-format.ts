import { fileLabel, isInlineImage } from '../../../shared/media-box'
import type { Attachment } from './message-model'

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

/** A file's label where it stands alone (shared/media-box.ts fileLabel). */
export const attachmentLabel = (a: Attachment, named = false) =>
  fileLabel(a.type, a.name, a.duration, named)

// The SPA's rows and the Worker's first paint size a picture's box alike.
export { shownWidth } from '../../../shared/media-box'

/** Within the API's limit on an image side; anything else is sent without a pixel size. */
const SIDE_MAX = 20_000

/** An image's size in pixels, measured before the upload so the bubble can reserve its box. */
export async function measureImage(file: File): Promise<{ width: number; height: number } | null> {
  if (!isInlineImage(file.type)) return null
  try {
    const bitmap = await createImageBitmap(file)
    const size = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    const fits = (n: number) => Number.isInteger(n) && n >= 1 && n <= SIDE_MAX
    return fits(size.width) && fits(size.height) ? size : null
  } catch {
    return null
  }
}
