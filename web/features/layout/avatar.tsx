// Three avatar styles, chosen per person by a stable hash of the email, so each of the two
// partners keeps one look everywhere (spec: one of three images).
const PALETTES = [
  ['#4f46e5', '#a5b4fc'],
  ['#db2777', '#f9a8d4'],
  ['#0d9488', '#99f6e4'],
] as const

export function avatarIndex(email: string): number {
  let h = 0
  for (const ch of email.toLowerCase()) h = (h * 31 + ch.codePointAt(0)!) >>> 0
  return h % PALETTES.length
}

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?'

export function Avatar({ name, email, size = 36 }: { name: string; email: string; size?: number }) {
  const [bg, fg] = PALETTES[avatarIndex(email)]!
  return (
    <svg
      className="avatar"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role="img"
      aria-label={name}
    >
      <rect width="40" height="40" rx="20" fill={bg} />
      <circle cx="20" cy="40" r="14" fill={fg} opacity="0.35" />
      <text x="20" y="25" textAnchor="middle" fontSize="15" fontWeight="600" fill="#fff">
        {initials(name)}
      </text>
    </svg>
  )
}
