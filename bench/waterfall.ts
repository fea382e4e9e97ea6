import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { frameTimer } from './frame-timer'
import { applyProfile, type Profile } from './mobile-profile'

type Row = {
  path: string
  type: string
  start: number
  end?: number
  bytes: number
  encoding: string
}

/**
 * One cold load with its request waterfall, read from CDP: when each request started and
 * finished (ms from the first request), the bytes on the wire and their encoding, the main
 * thread's script, style and layout time until `ready` first held, and a sampled CPU profile by
 * script. Shows what a slow first load waits for. BENCH_PROFILE_DIR keeps the profile.
 */
export async function waterfall(
  browser: Browser,
  url: string,
  ready: string,
  state: BrowserContextOptions['storageState'],
  profile: Profile,
) {
  const context = await browser.newContext({ storageState: state })
  try {
    const page = await context.newPage()
    await applyProfile(page, profile)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const rows = new Map<string, Row>()
    let t0 = 0
    const at = (ts: number) => (ts - t0) * 1000
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!t0) t0 = e.timestamp
      if (e.request.url.startsWith('data:')) return
      const u = new URL(e.request.url)
      rows.set(e.requestId, {
        path: u.origin === new URL(url).origin ? u.pathname : u.href,
        type: e.type ?? '',
        start: at(e.timestamp),
        bytes: 0,
        encoding: '',
      })
    })
    cdp.on('Network.responseReceived', (e) => {
      const row = rows.get(e.requestId)
      if (row) row.encoding = e.response.headers['content-encoding'] ?? 'none'
    })
    cdp.on('Network.loadingFinished', (e) => {
      const row = rows.get(e.requestId)
      if (row) Object.assign(row, { end: at(e.timestamp), bytes: e.encodedDataLength })
    })
    await cdp.send('Performance.enable')
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    const times = await frameTimer(page, [ready])
    await page.goto(url, { waitUntil: 'commit' })
    const [readyMs] = (await times()) as [number]
    const { metrics } = await cdp.send('Performance.getMetrics')
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000
    console.log(
      ['Task', 'Script', 'RecalcStyle', 'Layout']
        .map((n) => `${n} ${metric(`${n}Duration`).toFixed(0)} ms`)
        .join(', ') +
        ` (main thread until ready; layouts ${metrics.find((m) => m.name === 'LayoutCount')?.value}, style recalcs ${metrics.find((m) => m.name === 'RecalcStyleCount')?.value})`,
    )
    const { profile: cpu } = await cdp.send('Profiler.stop')
    printProfile(cpu)
    // For a closer look (DevTools opens .cpuprofile files; the chunks' source maps are in dist/).
    if (process.env.BENCH_PROFILE_DIR)
      writeFileSync(
        join(process.env.BENCH_PROFILE_DIR, `${profile}-${Date.now()}.cpuprofile`),
        JSON.stringify(cpu),
      )
    const timing = (await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      return { responseEnd: nav.responseEnd, domInteractive: nav.domInteractive }
    })) as { responseEnd: number; domInteractive: number }
    console.log(`\nWaterfall of one ${profile} load (ms from the first request; bytes on the wire)`)
    for (const r of [...rows.values()].sort((a, b) => a.start - b.start))
      console.log(
        `${r.start.toFixed(0).padStart(6)} → ${(r.end?.toFixed(0) ?? '…').padStart(6)}  ` +
          `${(r.bytes / 1024).toFixed(1).padStart(7)} KB ${r.encoding.padEnd(5)} ${r.type.padEnd(10)} ${r.path}`,
      )
    console.log(
      `document response end ${timing.responseEnd.toFixed(0)} ms, DOM interactive ` +
        `${timing.domInteractive.toFixed(0)} ms, ready ${readyMs.toFixed(0)} ms`,
    )
    return readyMs
  } finally {
    await context.close()
  }
}

type CpuProfile = {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  }[]
  samples?: number[]
  timeDeltas?: number[]
}

/** Where the main thread's time went until ready: self time by script and the top functions. */
function printProfile(cpu: CpuProfile) {
  const byId = new Map(cpu.nodes.map((n) => [n.id, n.callFrame]))
  const self = new Map<number, number>()
  cpu.samples?.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (cpu.timeDeltas?.[i] ?? 0)))
  const byUrl = new Map<string, number>()
  for (const [id, us] of self) {
    const f = byId.get(id)!
    const file = f.url ? f.url.split('/').pop()! : `(${f.functionName || 'program'})`
    byUrl.set(file, (byUrl.get(file) ?? 0) + us)
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`)
  console.log('CPU self time by script (sampled):\n' + top(byUrl, 8).join('\n'))
}
