import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'

/**
 * Installed in each tab: the sender's Enter keydown on the composer (the moment a person sends)
 * and the first time each `soak-` text appears in the DOM (the moment the partner sees it), both
 * on the machine's wall clock, which the two tabs share.
 */
// Plain JS source: a function passed from tsx would carry esbuild's helpers into the page.
// Text typed into the composer is a value, never a DOM node, so only rendered rows match. A
// message ends in "!": a row's text runs on into its time ("soak-1-119" + "12:06").
const PROBE = `(() => {
  if (window.__sent) return
  window.__sent = {}
  window.__seen = {}
  document.addEventListener('keydown', (e) => {
    const v = e.target && e.target.value
    if (e.key === 'Enter' && /^soak-/.test(v || '')) window.__sent[v] = Date.now()
  }, true)
  const scan = (text, at) => {
    for (const m of (text || '').matchAll(/soak-\\d+-\\d+!/g)) window.__seen[m[0]] ??= at
  }
  const watch = new MutationObserver((records) => {
    const at = Date.now()
    for (const r of records) {
      if (r.type === 'characterData') scan(r.target.textContent, at)
      for (const n of r.addedNodes) scan(n.textContent, at)
    }
  })
  // An init script runs before the document has a root element.
  const start = () => watch.observe(document, { childList: true, subtree: true, characterData: true })
  start()
})()`

export async function installProbe(page: Page) {
  // Every document the tab loads (sign-in may navigate), and the one it shows now.
  await page.addInitScript(PROBE)
  await page.evaluate(PROBE)
}

/** What a tab recorded since the last drain (the maps are emptied so they stay small). */
export const drain = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as {
      __sent: Record<string, number>
      __seen: Record<string, number>
    }
    const out = { sent: w.__sent, seen: w.__seen }
    w.__sent = {}
    w.__seen = {}
    return out
  })

/** The tab's JS heap after a forced GC (CDP), in MB. */
export async function tabHeapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20
}

/** Resident memory of the workerd processes in wrangler's process group, in MB. */
export function workerdRssMb(group: number): number {
  const ps = execFileSync('ps', ['-e', '-o', 'pgid=,rss=,comm='], { encoding: 'utf8' })
  return (
    ps
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter(([pgid, , comm]) => Number(pgid) === group && comm === 'workerd')
      .reduce((kb, [, rss]) => kb + Number(rss), 0) / 1024
  )
}

/** Bytes of the object's SQLite files (what the Durable Object stores) under the state folder. */
export function storageMb(dir: string): number {
  let bytes = 0
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.sqlite(-wal|-shm)?$/.test(e.name)) bytes += statSync(p).size
    }
  }
  walk(dir)
  return bytes / 2 ** 20
}
