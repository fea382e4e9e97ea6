import { createServer } from 'vite'
import { WebSocket } from 'ws'
import { privateCloudflarePlugin } from '../tests/fixtures/private-plugin'
import type { RealtimeTarget } from './realtime-load'

// The anchor: bench/relay's bare hibernating Durable Object in workerd, served the same way as the
// app (a Vite dev server with the Cloudflare plugin on 127.0.0.1), written over HTTP and received
// on a plain WebSocket.
export async function startRelay(): Promise<RealtimeTarget> {
  const cloudflare = await privateCloudflarePlugin('relay')
  const server = await createServer({
    root: 'bench/relay',
    configFile: false,
    logLevel: 'warn',
    clearScreen: false,
    plugins: [
      cloudflare({ configPath: 'wrangler.toml', persistState: false, inspectorPort: false }),
    ],
    server: { host: '127.0.0.1', port: 0, strictPort: true },
  })
  await server.listen()
  const { port } = server.httpServer!.address() as { port: number }
  const url = `http://127.0.0.1:${port}`
  const socket = new WebSocket(`ws://127.0.0.1:${port}/socket`, { perMessageDeflate: false })
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
