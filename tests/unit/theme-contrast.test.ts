import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// The colour tokens of both themes, read from the stylesheet the app ships, checked for WCAG
// contrast: every text colour against each background it is drawn on.
const css = (path: string) =>
  readFileSync(new URL(`../../web/styles/${path}`, import.meta.url), 'utf8')

/** `light-dark(a, b)` anywhere in a value → the light (a) or dark (b) half; other values as is. */
function pick(value: string, half: 0 | 1): string {
  const at = value.indexOf('light-dark(')
  if (at < 0) return value
  let depth = 0
  let comma = -1
  let i = at + 'light-dark('.length
  for (; i < value.length; i++) {
    const ch = value[i]
    if (ch === '(') depth++
    else if (ch === ')' && depth-- === 0) break
    else if (ch === ',' && depth === 0) comma = i
  }
  const [a, b] = [value.slice(at + 11, comma), value.slice(comma + 1, i)]
  return pick(value.slice(0, at) + (half ? b : a).trim() + value.slice(i + 1), half)
}

function tokens(source: string, half: 0 | 1): Record<string, string> {
  return Object.fromEntries(
    [...source.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [
      name!,
      pick(value!.trim(), half),
    ]),
  )
}

const source = css('tokens.css')
const light = tokens(source, 0)
const dark = tokens(source, 1)

type Rgba = [number, number, number, number]

function parse(value: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(value)
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)).concat(1) as Rgba
  const rgb = /^rgb\((\d+) (\d+) (\d+)(?: \/ ([\d.]+))?\)$/.exec(value)
  if (rgb) return [+rgb[1]!, +rgb[2]!, +rgb[3]!, rgb[4] ? +rgb[4] : 1]
  throw new Error(`not a colour: ${value}`)
}

/** A translucent foreground as it appears over an opaque background. */
const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [
  r * a + R * (1 - a),
  g * a + G * (1 - a),
  b * a + B * (1 - a),
  1,
]

const luminance = ([r, g, b]: Rgba) => {
  const [R, G, B] = [r, g, b].map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!
}

export function contrast(theme: Record<string, string>, fg: string, bg: string) {
  const back = parse(theme[bg]!)
  const [a, b] = [luminance(over(parse(theme[fg]!), back)), luminance(back)]
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}

// [text, background]: where each text colour is used on which surface.
const PAIRS: [string, string][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surface-2'],
  ['muted', 'surface'],
  ['muted', 'surface-2'],
  ['muted', 'bg'],
  ['link', 'surface'],
  ['link', 'surface-2'],
  ['link', 'primary-soft'],
  ['text', 'primary-soft'],
  ['primary-text', 'primary'],
  ['primary-text-muted', 'primary'],
  ['danger', 'surface'],
  ['danger', 'surface-2'],
  ['danger-solid-text', 'danger-solid'],
  ['ok', 'surface'],
  ['warning', 'surface'],
  ['error-text', 'error-bg'],
  ['error-meta', 'error-bg'],
  ['error-text', 'deleted-bg'],
  ['warning-text', 'warning-bg'],
  ['success-text', 'success-bg'],
  ['info-text', 'info-bg'],
  ['system-text', 'system-bg'],
  ['badge-text', 'badge-bg'],
  ['sidebar-text', 'sidebar-bg'],
  ['sidebar-link', 'sidebar-bg'],
  ['sidebar-muted', 'sidebar-bg'],
  ['sidebar-strong', 'sidebar-hover'],
  ['sidebar-strong', 'sidebar-active'],
  ['sidebar-text', 'sidebar-line'],
]

// [focus ring, background]: a control's keyboard focus ring on the surfaces it sits on.
const RINGS: [string, string][] = [
  ['focus-ring', 'bg'],
  ['focus-ring', 'surface'],
  ['focus-ring', 'surface-2'],
  ['focus-ring', 'primary-soft'],
  ['sidebar-focus-ring', 'sidebar-bg'],
  ['sidebar-focus-ring', 'sidebar-hover'],
  ['sidebar-focus-ring', 'sidebar-active'],
]

/** The pairs under `min`, with their ratio (none when every pair reaches it). */
const below = (theme: Record<string, string>, pairs: [string, string][], min: number) =>
  pairs
    .map(([fg, bg]) => [fg, bg, +contrast(theme, fg, bg).toFixed(2)] as const)
    .filter(([, , ratio]) => ratio < min)

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_, theme) => {
  it('gives every text at least 4.5:1 against its background (WCAG AA)', () => {
    expect(below(theme, PAIRS, 4.5)).toEqual([])
  })

  it('gives keyboard focus rings at least 3:1 against their background (WCAG 1.4.11)', () => {
    expect(below(theme, RINGS, 3)).toEqual([])
  })
})

describe('the dark theme', () => {
  it('gives every colour that text or surfaces use its own dark value', () => {
    for (const name of ['bg', 'surface', 'surface-2', 'text', 'muted', 'border', 'link'])
      expect(dark[name], name).not.toBe(light[name])
    expect(luminance(parse(dark.bg!))).toBeLessThan(0.05)
  })

  it('reads both halves of a pair nested in another value', () => {
    expect(pick('0 0 0 3px light-dark(rgb(1 2 3 / 0.5), rgb(4 5 6))', 1)).toBe(
      '0 0 0 3px rgb(4 5 6)',
    )
    expect(pick('light-dark(#ffffff, #161b22)', 0)).toBe('#ffffff')
  })
})

describe('the theme choice', () => {
  it('pins the scheme for Light and Dark and leaves System to the device', () => {
    const choice = css('theme-dark.css')
    expect(source).toMatch(/:root\s*{\s*color-scheme: light dark;/)
    expect(choice).toMatch(/:root\[data-theme='light'\]\s*{\s*color-scheme: light;/)
    expect(choice).toMatch(/:root\[data-theme='dark'\]\s*{\s*color-scheme: dark;/)
  })
})
