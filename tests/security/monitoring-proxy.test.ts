import { beforeEach, describe, expect, it } from 'vitest'
import { calls, callWith, reset, service } from './configured'

// The /monitoring tunnel is no open proxy: it forwards only envelopes of the configured DSN, to
// the Sentry built from configuration, within the size limit. Sentry here is a local server that
// speaks the envelope contract; any call outside it, or any call on a refusal, fails the test.
const sentry = service('sentryUrl')
const internal = service('internalUrl')
const DSN = `${sentry.replace('://', '://publickey@')}/7`
const vars = { SENTRY_DSN: DSN }

const envelope = (dsn: string, extra = '') =>
  `${JSON.stringify({ dsn, event_id: 'a'.repeat(32) })}\n{"type":"event"}\n{"message":"hi"}${extra}`
const tunnel = (body: BodyInit, query = '?o=&p=7', headers: Record<string, string> = {}) =>
  callWith(vars, `/monitoring${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body,
  })

beforeEach(async () => {
  await reset('sentryUrl')
  await reset('internalUrl')
})

async function expectRefused(res: Response, status: number) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  expect(await res.json()).toEqual({ code: expect.any(String), message: expect.any(String) })
  expect(await calls('sentryUrl')).toEqual([])
  expect(await calls('internalUrl')).toEqual([])
}

describe('/monitoring tunnel', () => {
  it('forwards an envelope of the configured DSN to the configured Sentry (control)', async () => {
    const res = await tunnel(envelope(DSN))
    expect(res.status).toBe(200)
    const got = await calls('sentryUrl')
    expect(got.map((c) => [c.method, c.path, c.violation])).toEqual([
      ['POST', '/api/7/envelope/', undefined],
    ])
  })

  it('refuses another project or organisation in the query', async () => {
    for (const q of ['?o=&p=8', '?p=7/../../internal', '?o=evil&p=7', '?o=&p=', ''])
      await expectRefused(await tunnel(envelope(DSN), q), 403)
  })

  it('refuses an envelope whose DSN names another host, project or key', async () => {
    const host = new URL(internal).host
    for (const dsn of [
      `http://publickey@${host}/7`,
      `http://publickey@o1.ingest.sentry.io/7`,
      DSN.replace('/7', '/8'),
      DSN.replace('publickey', 'otherkey'),
      DSN.replace('http://', 'https://'),
      `${DSN}/../../8`,
    ])
      await expectRefused(await tunnel(envelope(dsn)), 403)
  })

  it('refuses what is not an envelope', async () => {
    for (const body of [
      '',
      'GET / HTTP/1.1',
      '<html><script>alert(1)</script>',
      '{"dsn":42}\n{}',
      `${'x'.repeat(100)}\n${DSN}`,
    ])
      await expectRefused(await tunnel(body), 400)
  })

  it('refuses an envelope over 1 MiB, declared or streamed', async () => {
    const big = envelope(DSN, 'x'.repeat(1024 * 1024))
    await expectRefused(await tunnel(big), 413)
    const stream = new Blob([big]).stream()
    await expectRefused(await tunnel(stream, '?o=&p=7', { 'content-length': '100' }), 413)
  })

  it('is closed without a configured DSN, and takes only POST', async () => {
    const off = await callWith({ SENTRY_DSN: '' }, '/monitoring?o=&p=7', {
      method: 'POST',
      body: envelope(DSN),
    })
    await expectRefused(off, 404)
    const get = await callWith(vars, `/monitoring?o=&p=7&url=${encodeURIComponent(internal)}`)
    expect(get.status).toBe(404)
    expect(await calls('internalUrl')).toEqual([])
  })
})
