import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestProject } from 'vitest/node'

// Global setup of the security project (Node, outside workerd): the third-party services the
// SSRF and tunnel attacks aim at, on 127.0.0.1, each speaking its documented contract. A call
// outside the contract is recorded as a violation; tests inside workerd read every server's
// calls at GET /__calls and fail on any violation or on any call that should not have happened.
export type Call = {
  method: string
  path: string
  headers: Record<string, string>
  body: string
  violation?: string
}

type Handler = (c: Call) => {
  status: number
  headers?: Record<string, string>
  body?: string
  violation?: string
}

function start(handle: Handler): Promise<Server> {
  const calls: Call[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (b: Buffer) => chunks.push(b))
    req.on('end', () => {
      if (req.url === '/__calls') return res.end(JSON.stringify(calls))
      if (req.url === '/__reset') return (calls.splice(0), res.end('[]'))
      const call: Call = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      }
      const out = handle(call)
      calls.push(out.violation ? { ...call, violation: out.violation } : call)
      res.writeHead(out.status, out.headers).end(out.body ?? '')
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`

// Sentry's envelope endpoint: POST /api/<project>/envelope/ with an envelope body.
const sentry: Handler = (c) => {
  const ok =
    c.method === 'POST' &&
    /^\/api\/\d+\/envelope\/$/.test(c.path) &&
    c.headers['content-type'] === 'application/x-sentry-envelope' &&
    c.body.length <= 1024 * 1024
  return ok
    ? { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"x"}' }
    : { status: 400, violation: `not an envelope call: ${c.method} ${c.path}` }
}

// An IP lookup service: GET /json/<literal IP address>?token=…
const LITERAL_IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)$/i
const ipInfo: Handler = (c) => {
  const m = /^\/json\/([^/?]+)\?token=[^&]+$/.exec(c.path)
  const ip = m && decodeURIComponent(m[1]!)
  return c.method === 'GET' && ip && LITERAL_IP.test(ip)
    ? {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '{"city":"Lisbon","country":"PT"}',
      }
    : { status: 404, violation: `not a lookup of an IP address: ${c.method} ${c.path}` }
}

// A page whose preview fields carry script payloads (raw, entity-encoded and as a javascript: image).
const XSS_PAGE = `<html><head><title>x</title>
<meta property="og:title" content="&lt;script&gt;alert('title')&lt;/script&gt;<b>bold</b>">
<meta property="og:description" content="<img src=x onerror=alert('desc')>&quot;&gt;&lt;svg onload=alert(1)&gt;">
<meta property="og:image" content="javascript:alert('image')">
</head><body><script>alert('body')</script></body></html>`

// A public web site with pages and open redirects (the attacker's own site).
const site: Handler = (c): ReturnType<Handler> => {
  const u = new URL(c.path, 'http://site')
  if (u.pathname === '/redirect')
    return {
      status: Number(u.searchParams.get('status') ?? 302),
      headers: { location: u.searchParams.get('to') ?? '/' },
    }
  if (u.pathname === '/xss')
    return { status: 200, headers: { 'content-type': 'text/html' }, body: XSS_PAGE }
  return { status: 200, headers: { 'content-type': 'text/html' }, body: '<title>Public</title>' }
}

// The private service an attacker wants to reach: any call at all is the breach.
const internal: Handler = (c) => ({
  status: 200,
  body: 'secret',
  violation: `reached: ${c.method} ${c.path}`,
})

declare module 'vitest' {
  export interface ProvidedContext {
    sentryUrl: string
    ipInfoUrl: string
    siteUrl: string
    internalUrl: string
  }
}

export default async function setup(project: TestProject) {
  const servers = await Promise.all([start(sentry), start(ipInfo), start(site), start(internal)])
  const [s, i, w, n] = servers.map(url)
  project.provide('sentryUrl', s!)
  project.provide('ipInfoUrl', i!)
  project.provide('siteUrl', w!)
  project.provide('internalUrl', n!)
  return async () => {
    await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))))
  }
}
