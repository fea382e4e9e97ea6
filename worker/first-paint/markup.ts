/** Text made safe for HTML content and quoted attribute values. */
export const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** An inline SVG icon as the SPA draws it (one path, the `icon` class). */
export const icon = (path: string) =>
  `<svg viewBox="0 0 24 24" aria-hidden="true" class="icon"><path d="${esc(path)}"></path></svg>`
