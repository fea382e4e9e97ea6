// WCAG contrast of two colours as the browser computes them (`rgb(r, g, b)`, `rgba(…)`), worked
// out here rather than inside each page's evaluate.

const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)

const luminance = (css: string) =>
  channels(css)
    .map((v) => v / 255)
    .map((s) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4))
    .reduce((sum, s, i) => sum + s * [0.2126, 0.7152, 0.0722][i]!, 0)

/** The contrast ratio of two computed colours, 1 to 21. */
export function contrastOf(a: string, b: string) {
  const [x, y] = [luminance(a), luminance(b)]
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}
