/** Percentile of sorted-ascending samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export function summarize(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), n: s.length }
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a')

export function ratioLine(
  label: string,
  ours: number,
  anchor: number,
  unit: string,
  goal?: string,
) {
  const ratio = ours / anchor
  return `${label.padEnd(28)} ours ${fmt(ours).padStart(9)} ${unit}  anchor ${fmt(anchor).padStart(9)} ${unit}  ratio ${fmt(ratio)}×${goal ? `  (goal ${goal})` : ''}`
}
