/** Text made safe for HTML content and quoted attribute values. */
export const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** An inline SVG icon as the SPA draws it (one path, the `icon` class and any of its own). */
export const icon = (path: string, kind?: string) =>
  `<svg viewBox="0 0 24 24" aria-hidden="true" class="icon${kind ? ` ${kind}` : ''}"><path d="${esc(path)}"></path></svg>`

/**
 * JSON safe inside a script element: `<` never appears raw (no `</script>`, no `<!--`), and
 * U+2028/2029 are escaped for older parsers. JSON.parse reads the escapes back.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
