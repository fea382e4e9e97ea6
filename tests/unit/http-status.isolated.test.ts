import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FORM_TEXTS } from '../../shared/form-texts'
import { statusName } from '../../web/lib/http-status'

describe('statusName (spec section 8 status-name lookup)', () => {
  it('names the standard codes', () => {
    expect(statusName(200)).toBe('OK')
    expect(statusName(401)).toBe('Unauthorized')
    expect(statusName(404)).toBe('Not Found')
    expect(statusName(429)).toBe('Too Many Requests')
    expect(statusName(503)).toBe('Service Unavailable')
  })

  it('says "Status code does not exist" for anything else', () => {
    expect(FORM_TEXTS.unknownStatusCode).toBe('Status code does not exist')
    for (const code of [0, 299, 420, 599, 1000, -1, 404.5, Number.NaN])
      expect(statusName(code)).toBe(FORM_TEXTS.unknownStatusCode)
  })
})

describe('an HTTP failure without a server message (spec section 8 display conversion)', () => {
  beforeAll(() => vi.stubGlobal('window', { location: { origin: 'http://app.test' } }))
  afterAll(() => vi.unstubAllGlobals())

  async function noticeFor(res: Response) {
    vi.stubGlobal('fetch', async () => res)
    const { apiPostPublic } = await import('../../web/lib/api')
    const { toNotice } = await import('../../web/lib/errors')
    const err = await apiPostPublic('/auth/authorized', {}).catch((e: unknown) => e)
    return toNotice('registration', err)
  }

  it('shows the status name as the failure’s own message', async () => {
    const html = (status: number) =>
      new Response('<html>proxy error</html>', { status, headers: { 'content-type': 'text/html' } })
    expect((await noticeFor(html(502))).body).toBe('Bad Gateway')
    expect((await noticeFor(html(429))).body).toBe('Too Many Requests')
    expect((await noticeFor(html(599))).body).toBe(FORM_TEXTS.unknownStatusCode)
  })

  it('prefers the server’s message', async () => {
    const json = Response.json({ code: 'rate_limited', message: 'Slow down' }, { status: 429 })
    expect((await noticeFor(json)).body).toBe('Slow down')
  })
})
