import { dirname } from 'node:path'
import { WebSocket } from 'ws'
import { buildAnchor, removeBuild, serveAnchor } from './built-worker'
import type { RealtimeTarget } from './realtime-load'

// The anchor: bench/relay's bare hibernating Durable Object, built and served the same way as the
// app (vite build with the Cloudflare plugin, then `wrangler dev` of the output on 127.0.0.1),
// written over HTTP and received on a plain WebSocket.
export async function startRelay(): Promise<RealtimeTarget> {
  const config = await buildAnchor('relay')
  const out = dirname(dirname(config))
  const served = await serveAnchor(config).catch((err) => {
    removeBuild(out)
    throw err
  })
  const server = {
    url: served.url,
    async close() {
      await served.close()
      removeBuild(out)
    },
  }
  const url = server.url
  const socket = new WebSocket(`${url.replace('http', 'ws')}/socket`, { perMessageDeflate: false })
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
  } catch (err) {
    await server.close()
    throw err
  }
  return {
    name: 'relay anchor (bare DO)',
    async write(body) {
      const res = await fetch(`${url}/send`, { method: 'POST', body })
      if (res.status !== 204) throw new Error(`relay answered ${res.status}`)
    },
    onMessage(handler) {
      socket.on('message', (data) => handler(String(data)))
    },
    async close() {
      socket.close()
      await server.close()
    },
  }
}
