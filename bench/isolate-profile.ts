import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import WebSocket from 'ws'

type Pending = Map<number, (result: unknown) => void>

/**
 * A V8 CPU profile of a `wrangler dev` Worker's isolate (the Worker and its Durable Objects run
 * in one) over `during`, through the inspector port wrangler serves. Written as
 * `<dir>/<name>.cpuprofile`, which Chrome DevTools' Performance panel opens. Only the benches
 * use it (BENCH_PROFILE_DIR); the profiler slows what it watches, so no figure is read from it.
 */
export async function profileIsolate(
  inspectorPort: number,
  dir: string,
  name: string,
  during: () => Promise<unknown>,
): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    webSocketDebuggerUrl: string
  }[]
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  const pending: Pending = new Map()
  let next = 0
  ws.on('message', (m) => {
    const { id, result } = JSON.parse(String(m)) as { id?: number; result?: unknown }
    if (id !== undefined) pending.get(id)?.(result)
  })
  const send = (method: string, params = {}) =>
    new Promise<unknown>((resolve) => {
      pending.set(++next, resolve)
      ws.send(JSON.stringify({ id: next, method, params }))
    })
  try {
    await send('Profiler.enable')
    await send('Profiler.setSamplingInterval', { interval: 100 })
    await send('Profiler.start')
    await during()
    const { profile } = (await send('Profiler.stop')) as { profile: unknown }
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile))
  } finally {
    ws.close()
  }
}
