import { fileLabel, isInlineImage } from '../../../shared/media-box'
import type { Attachment } from './message-model'

/** A file's label where it stands alone (shared/media-box.ts fileLabel). */
export const attachmentLabel = (a: Attachment, named = false) =>
  fileLabel(a.type, a.name, a.duration, named)

// The SPA's rows and the Worker's first paint size a picture's box, and word a file's size, alike.
export { formatFileSize, shownWidth } from '../../../shared/media-box'

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
