// A colour in words, for those who do not see the swatch (the create-room panel's random colour).
// Only the create-room panel uses it: its own chunk, not the room's first script.

const HUES: [upTo: number, name: string][] = [
  [15, 'red'],
  [40, 'orange'],
  [65, 'yellow'],
  [160, 'green'],
  [195, 'teal'],
  [255, 'blue'],
  [290, 'purple'],
  [335, 'pink'],
  [360, 'red'],
]

/** "dark blue", "light orange", "grey"... for a `#rrggbb` colour; '' for anything else. */
export function colourName(hex: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return ''
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const light = (max + min) / 2
  const chroma = max - min
  if (light < 0.12) return 'black'
  if (light > 0.92) return 'white'
  const shade = light < 0.35 ? 'dark ' : light > 0.7 ? 'light ' : ''
  if (chroma < 0.12) return `${shade}grey`
  const hue =
    max === r
      ? (((g - b) / chroma) * 60 + 360) % 360
      : max === g
        ? ((b - r) / chroma) * 60 + 120
        : ((r - g) / chroma) * 60 + 240
  return shade + HUES.find(([upTo]) => hue < upTo)![1]
}
