import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RELEASE } from '../../shared/constants'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { startCaptureServer, type CaptureServer } from '../fixtures/capture-server'
import { KEY } from './api-setup'

// The Sentry tunnel and the Worker's own error reports, with Sentry played by a capture server.
// The server runs in appwrite mode against a broken "Appwrite" (another capture server), which
// is a real way to make /api fail with a 5xx.
let app: AppServer
let sentry: CaptureServer
let appwrite: CaptureServer
let dsn: string

beforeAll(async () => {
  sentry = await startCaptureServer()
  appwrite = await startCaptureServer()
  appwrite.fallback = {
    status: 500,
    json: { message: 'boom', code: 500, type: 'general_server_error' },
  }
  dsn = `http://publickey@127.0.0.1:${sentry.port}/7`
  app = await startAppServer({
    SENTRY_DSN: dsn,
    SENTRY_ENVIRONMENT: 'test',
    APPWRITE_ENDPOINT: `${appwrite.url}/v1`,
    APPWRITE_API_KEY: KEY,
  })
}, 120_000)

afterAll(async () => {
  await app?.close()
  await sentry?.close()
  await appwrite?.close()
})

const envelope = (headerDsn: string, extra = '') =>
  `${JSON.stringify({ dsn: headerDsn, event_id: 'a'.repeat(32), sent_at: new Date().toISOString() })}\n` +
  `${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message: 'from the SPA' })}${extra}`
const tunnel = (body: string, query = '?p=7') =>
  fetch(`${app.url}/monitoring${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body,
  })
const envelopes = () => sentry.requests.filter((r) => r.path === '/api/7/envelope/')

describe('/monitoring (Sentry tunnel)', () => {
  it('forwards an envelope for the configured DSN to the URL built from config', async () => {
    sentry.clear()
    const body = envelope(dsn)
    const res = await tunnel(body)
    expect(res.status).toBe(200)
    expect(envelopes()).toHaveLength(1)
    expect(envelopes()[0].body).toBe(body)
    expect(envelopes()[0].headers['content-type']).toBe('application/x-sentry-envelope')
  })

  it('passes Sentry rate limits back so the browser SDK backs off', async () => {
    sentry.script({
      status: 429,
      headers: { 'retry-after': '30', 'x-sentry-rate-limits': '30::org' },
    })
    const res = await tunnel(envelope(dsn))
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('30')
    expect(res.headers.get('x-sentry-rate-limits')).toBe('30::org')
  })

  it('refuses a foreign DSN, a wrong org or project, and a missing header, without forwarding', async () => {
    sentry.clear()
    const foreign = await tunnel(envelope(`http://publickey@evil.example:${sentry.port}/7`))
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toEqual({ code: 'forbidden', message: 'DSN not allowed' })
    expect((await tunnel(envelope(dsn), '?p=8')).status).toBe(403)
    expect((await tunnel(envelope(dsn), '?o=123&p=7')).status).toBe(403)
    expect((await tunnel('not an envelope')).status).toBe(400)
    expect(sentry.requests).toHaveLength(0)
  })

  it('rejects envelopes over 1 MiB with 413', async () => {
    const big = envelope(dsn, `\n${'x'.repeat(1024 * 1024)}`)
    const res = await tunnel(big)
    expect(res.status).toBe(413)
    expect((await res.json()).code).toBe('payload_too_large')
  })

  it('rejects a chunked envelope over 1 MiB (no content-length) with 413, without forwarding', async () => {
    sentry.clear()
    const chunk = new TextEncoder().encode(`\n${'x'.repeat(64 * 1024)}`)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode(envelope(dsn))),
      pull(c) {
        // 17 chunks of 64 KiB: just over 1 MiB in all.
        if (sent++ < 17) c.enqueue(chunk)
        else c.close()
      },
    })
    const res = await fetch(`${app.url}/monitoring?p=7`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      code: 'payload_too_large',
      message: 'The envelope is larger than 1 MiB',
    })
    expect(envelopes()).toHaveLength(0)
  })
})

describe('Worker errors → Sentry', () => {
  it('reports a 5xx with the release and environment, without credentials', async () => {
    sentry.clear()
    const res = await fetch(`${app.url}/api/auth/flags`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer secret-jwt-value',
        cookie: 'a_session_kathelia=secret-cookie',
      },
      body: JSON.stringify({ email: 'ada@kathelia.test' }),
    })
    expect(res.status).toBe(502)
    expect((await res.json()).code).toBe('bad_gateway')
    const [sent] = await sentry.waitFor(
      1,
      (r) => r.path === '/api/7/envelope/' && r.body.includes('"type":"event"'),
    )
    expect(sent.body).toContain(`"release":"${RELEASE}"`)
    expect(sent.body).toContain('"environment":"test"')
    expect(sent.body).not.toContain('secret-jwt-value')
    expect(sent.body).not.toContain('secret-cookie')
  })
})
