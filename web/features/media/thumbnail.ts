/** The longest side of an image's thumbnail, in pixels (issue 15). */
export const THUMB_SIDE = 640

// Still images only: a GIF's thumbnail would stop its animation, and SVG is never inline.
const STILL = /^image\/(png|jpeg|webp|avif|bmp)$/i

/**
 * A WebP rendition of an image (longest side at most 640 px, never enlarged), made in the
 * browser before the upload: the embedded backend cannot resize images (workerd has no image
 * codec), so the bubble loads this instead of the original. Null when the browser cannot.
 */
export async function makeThumbnail(file: File): Promise<File | null> {
  if (!STILL.test(file.type)) return null
  try {
    const bitmap = await createImageBitmap(file)
    const scale = Math.min(1, THUMB_SIDE / Math.max(bitmap.width, bitmap.height))
    const width = Math.max(1, Math.round(bitmap.width * scale))
    const height = Math.max(1, Math.round(bitmap.height * scale))
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) return null
    context.drawImage(bitmap, 0, 0, width, height)
    bitmap.close()
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 })
    // A browser without a WebP encoder falls back to PNG: no thumbnail then.
    if (blob.type !== 'image/webp') return null
    const base = file.name.replace(/\.[^.]*$/, '') || 'image'
    return new File([blob], `${base}.thumb.webp`, { type: 'image/webp' })
  } catch {
    return null
  }
}
