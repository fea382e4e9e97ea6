import { createServer, type IncomingMessage } from 'node:http'
import { connect } from 'node:net'
import { gzipSync } from 'node:zlib'

// What Cloudflare compresses on the way out, for Workers and static assets alike, when the
// browser accepts it (https://developers.cloudflare.com/speed/optimization/content/compression/).
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg)/
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host'])

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((done) => {
    const parts: Buffer[] = []
    req.on('data', (p: Buffer) => parts.push(p)).on('end', () => done(Buffer.concat(parts)))
  })

/**
 * A reverse proxy on 127.0.0.1:`port` to `target` that gzips text answers the way Cloudflare's
 * edge does, so that page benches on a throttled network move the bytes users would: neither
 * `vite preview` (workerd) nor the anchor's static server compresses. WebSocket upgrades (the
 * app's realtime connection) pass through untouched.
 */
export function startCompressingProxy(target: string, port: number) {
  const upstream = new URL(target)
  const server = createServer(async (req, res) => {
    try {
      const headers = Object.entries(req.headers).flatMap(([k, v]) =>
        HOP.has(k) || v === undefined ? [] : [[k, String(v)] as [string, string]],
      )
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
      const answer = await fetch(new URL(req.url ?? '/', target), {
        method: req.method,
        headers,
        body: hasBody ? new Uint8Array(await body(req)) : undefined,
        redirect: 'manual',
      })
      const out = Buffer.from(await answer.arrayBuffer())
      const type = answer.headers.get('content-type') ?? ''
      const gzip =
        /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') &&
        COMPRESSIBLE.test(type) &&
        out.length > 1024
      const sent = gzip ? gzipSync(out) : out
      const reply: Record<string, string | string[]> = {}
      answer.headers.forEach((v, k) => {
        if (!HOP.has(k) && k !== 'content-encoding' && k !== 'set-cookie') reply[k] = v
      })
      const cookies = answer.headers.getSetCookie()
      if (cookies.length) reply['set-cookie'] = cookies
      if (gzip) reply['content-encoding'] = 'gzip'
      reply['content-length'] = String(sent.length)
      res.writeHead(answer.status, reply).end(sent)
    } catch (err) {
      res.writeHead(502).end(String(err))
    }
  })
  server.on('upgrade', (req, socket, head) => {
    const up = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`]
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
      up.write(`${lines.join('\r\n')}\r\n\r\n`)
      up.write(head)
      up.pipe(socket).pipe(up)
    })
    const end = () => (up.destroy(), socket.destroy())
    up.on('error', end)
    socket.on('error', end)
  })
  return new Promise<{ url: string; close(): void }>((done) =>
    server.listen(port, '127.0.0.1', () =>
      done({
        url: `http://127.0.0.1:${port}`,
        close: () => (server.closeAllConnections(), server.close()),
      }),
    ),
  )
}
