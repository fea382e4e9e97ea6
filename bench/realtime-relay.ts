import { dirname } from 'node:path'
import { WebSocket } from 'ws'
import { buildAnchor, removeBuild, serveAnchor } from './built-worker'
import type { RealtimeTarget } from './realtime-load'

// The anchors: bench/relay's hibernating Durable Object, built and served the same way as the
// app (vite build with the Cloudflare plugin, then `wrangler dev` of the output on 127.0.0.1),
// written over HTTP and received on a plain WebSocket; the bare relay, and the relay that stores
// each message before it sends it on.
export async function startRelays(): Promise<{
  bare: RealtimeTarget
  stored: RealtimeTarget
  /** Stops the one server both relays run on (each target closes only its own socket). */
  close(): Promise<void>
}> {
  const config = await buildAnchor('relay')
  const out = dirname(dirname(config))
  const served = await serveAnchor(config).catch((err) => {
    removeBuild(out)
    throw err
  })
  const sockets: WebSocket[] = []
  const close = async () => {
    for (const s of sockets) s.close()
    await served.close()
    removeBuild(out)
  }
  const target = async (prefix: string, name: string): Promise<RealtimeTarget> => {
    const socket = new WebSocket(`${served.url.replace('http', 'ws')}${prefix}/socket`, {
      perMessageDeflate: false,
    })
    sockets.push(socket)
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    return {
      name,
      async write(body) {
        const res = await fetch(`${served.url}${prefix}/send`, { method: 'POST', body })
        if (res.status !== 204) throw new Error(`relay answered ${res.status}`)
      },
      onMessage(handler) {
        socket.on('message', (data) => handler(String(data)))
      },
      close: async () => socket.close(),
    }
  }
  try {
    const bare = await target('', 'relay anchor (bare DO)')
    const stored = await target('/stored', 'relay storing each (SQLite)')
    return { bare, stored, close }
  } catch (err) {
    await close()
    throw err
  }
}
