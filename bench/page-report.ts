import { kb, median, type PageLoad } from './pages'
import { fmt, ratioLine } from './stats'

/**
 * Prints a page bench: initial JS and time to `ready` beside the anchor (medians), the runs, the
 * budget verdict and the largest scripts of our first run.
 */
export function reportPages(o: {
  title: string
  readyLabel: string
  ours: PageLoad[]
  anchor: PageLoad[]
  /** The load before the measured ones (measureBoth), shown apart. */
  first?: { ours: PageLoad; anchor: PageLoad }
  budgetKb: number
  goal: string
  /** What `thenMs` times, when the loads have it. */
  thenLabel?: string
}) {
  const js = kb(median(o.ours.map((r) => r.jsGzipBytes)))
  const anchorJs = kb(median(o.anchor.map((r) => r.jsGzipBytes)))
  const ms = (loads: PageLoad[]) => median(loads.map((r) => r.readyMs))
  const runs = (loads: PageLoad[]) => loads.map((r) => fmt(r.readyMs, 0)).join(' ')
  console.log(`\n${o.title}`)
  console.log(ratioLine('initial JS', js, anchorJs, 'KB', o.goal))
  console.log(ratioLine(o.readyLabel, ms(o.ours), ms(o.anchor), 'ms'))
  console.log(`runs (ms): ours ${runs(o.ours)}; anchor ${runs(o.anchor)}`)
  if (o.ours[0]?.thenMs !== undefined)
    console.log(
      `${o.thenLabel ?? 'then'} (ms): ours ${o.ours.map((r) => fmt(r.thenMs!, 0)).join(' ')}, median ${fmt(median(o.ours.map((r) => r.thenMs!)), 0)}`,
    )
  if (o.first)
    console.log(
      `first load, not in the median (ms): ours ${runs([o.first.ours])}; anchor ${runs([o.first.anchor])}`,
    )
  console.log(
    `budget: ${fmt(js, 1)} KB of ${o.budgetKb} KB → ${js <= o.budgetKb ? 'within' : 'OVER'}`,
  )
  const largest = [...o.ours[0].files].sort((a, b) => b.gzip - a.gzip).slice(0, 5)
  const name = (path: string) =>
    path
      .split('/')
      .pop()!
      .replace(/-[\w-]{8}\.js$/, '')
  console.log(
    `largest (KB gzip): ${largest.map((f) => `${name(f.path)} ${fmt(kb(f.gzip), 1)}`).join(', ')}`,
  )
}
