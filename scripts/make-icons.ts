// Draws the app icons of the web app manifest (public/icons/*.png): a white chat bubble on the
// brand indigo. `npx tsx scripts/make-icons.ts` rewrites them; the PNGs are committed.
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const BRAND = [0x4f, 0x46, 0xe5]
const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (b: Buffer) => {
  let c = 0xffffffff
  for (const x of b) c = CRC[(c ^ x) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), 8 + data.length)
  return out
}

/** Inside the bubble: a circle plus a tail at its lower left (coordinates 0..1, centre 0.5). */
function inBubble(x: number, y: number, r: number) {
  const dx = x - 0.5
  const dy = y - 0.48
  if (dx * dx + dy * dy <= r * r) return true
  // The tail: a triangle below the circle's lower-left edge.
  const tx = x - (0.5 - r * 0.55)
  const ty = y - (0.48 + r * 0.55)
  return (
    ty >= 0 &&
    tx >= -r * 0.35 &&
    ty <= r * 0.5 &&
    tx <= r * 0.45 - ty * 0.9 &&
    tx >= -ty * 0.7 - r * 0.35
  )
}

function icon(size: number, r: number, rounded: boolean): Buffer {
  const rows: Buffer[] = []
  const S = 4
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4)
    for (let px = 0; px < size; px++) {
      let white = 0
      let inside = 0
      for (let sy = 0; sy < S; sy++)
        for (let sx = 0; sx < S; sx++) {
          const x = (px + (sx + 0.5) / S) / size
          const y = (py + (sy + 0.5) / S) / size
          // "any" icons have rounded corners; maskable ones fill the square (the OS masks them).
          const c = 0.18
          const cx = Math.min(Math.max(x, c), 1 - c)
          const cy = Math.min(Math.max(y, c), 1 - c)
          if (rounded && (x - cx) ** 2 + (y - cy) ** 2 > c * c) continue
          inside++
          if (inBubble(x, y, r)) white++
        }
      const a = inside / (S * S)
      const w = inside ? white / inside : 0
      const o = 1 + px * 4
      for (let i = 0; i < 3; i++) row[o + i] = Math.round(BRAND[i]! + (255 - BRAND[i]!) * w)
      row[o + 3] = Math.round(a * 255)
    }
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// The maskable icon keeps its bubble inside the safe zone (the centre circle of 80%).
const ICONS = [
  { file: 'icon-192.png', size: 192, r: 0.3, rounded: true },
  { file: 'icon-512.png', size: 512, r: 0.3, rounded: true },
  { file: 'maskable-512.png', size: 512, r: 0.22, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, r: 0.26, rounded: false },
]
for (const i of ICONS) writeFileSync(`public/icons/${i.file}`, icon(i.size, i.r, i.rounded))
