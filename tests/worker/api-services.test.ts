import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { stableId } from '../../worker/lib/stable-id'
import { countryName, formatPlace, isPrivateIp } from '../../worker/services/geo'
import { noticeText } from '../../worker/services/notifier'
import { parseDsn, scrubEvent } from '../../worker/services/sentry'
import { parseUserAgent } from '../../worker/services/user-agent'
import { retryAfterMs, webhookBody } from '../../worker/services/webhook'

// The product API's pure pieces, inside workerd (Intl, crypto and ua-parser as deployed).
describe('user agent → device', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'Desktop',
      'Chrome 124',
      'Windows 10',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7; rv:125.0) Gecko/20100101 Firefox/125.0',
      'Desktop',
      'Firefox 125',
      'macOS 10.15.7',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      'Mobile',
      'Mobile Chrome 124',
      'Android 14',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Tablet',
      'Mobile Safari 17',
      'iOS 17.0',
    ],
    ['curl/8.5.0', 'Others', 'Unknown', 'Unknown'],
    ['', 'Others', 'Unknown', 'Unknown'],
  ])('%s', (ua, deviceType, browser, operatingSystem) => {
    expect(parseUserAgent(ua)).toEqual({ deviceType, browser, operatingSystem })
  })
})

describe('location text', () => {
  it('names countries in English via Intl.DisplayNames in workerd', () => {
    expect(countryName('DE')).toBe('Germany')
    expect(countryName('us')).toBe('United States')
    expect(countryName('T1')).toBe('T1')
  })
  it('joins "city, region, country name" and skips empty parts', () => {
    expect(formatPlace({ city: 'Berlin', region: 'Berlin', country: 'DE' })).toBe(
      'Berlin, Berlin, Germany',
    )
    expect(formatPlace({ city: '', region: 'Texas', country: 'US' })).toBe('Texas, United States')
    expect(formatPlace({})).toBeUndefined()
  })
})

describe('private addresses (the IP-echo service is asked instead)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.0.5',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'FEBF::1',
    '::ffff:10.0.0.1',
    '::ffff:100.64.1.1',
    '::ffff:7f00:1',
    '::ffff:c0a8:101',
  ])('%s is private', (ip) => expect(isPrivateIp(ip)).toBe(true))
  it.each([
    '203.0.113.7',
    '8.8.8.8',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '192.169.0.1',
    '2001:db8::1',
    'fec0::1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
  ])('%s is public', (ip) => expect(isPrivateIp(ip)).toBe(false))
})

describe('webhook', () => {
  it('formats per service; Discord cannot ping anyone', () => {
    expect(webhookBody('google-chat', 'Online: Ben is online')).toEqual({
      text: 'Online: Ben is online',
    })
    expect(webhookBody('slack', 'x')).toEqual({ text: 'x' })
    expect(webhookBody('discord', '@everyone hi')).toEqual({
      content: '@everyone hi',
      allowed_mentions: { parse: [] },
    })
    expect((webhookBody('discord', 'y'.repeat(5000)).content as string).length).toBe(2000)
  })
  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs('2', now)).toBe(2000)
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000)
    expect(retryAfterMs('soon', now)).toBeUndefined()
    expect(retryAfterMs(null, now)).toBeUndefined()
  })
  it('uses the documented texts', () => {
    const ben = { name: 'Ben', email: 'ben@kathelia.test' }
    expect(noticeText('online', ben)).toEqual({ prefix: 'Online', message: 'Ben is online' })
    expect(noticeText('away', ben)).toEqual({ prefix: 'Offline', message: 'Ben is away' })
    expect(noticeText('closed', ben)).toEqual({
      prefix: 'Offline',
      message: 'Ben closed the browser',
    })
    expect(noticeText('offline', { name: '', email: ben.email })).toEqual({
      prefix: 'Offline',
      message: 'ben@kathelia.test is offline',
    })
    expect(noticeText('unverified', ben)).toEqual({
      prefix: 'Unverified Email',
      message: 'Ben (ben@kathelia.test) tried to log in with an unverified email',
    })
  })
})

describe('stableId', () => {
  it('derives the same 36-character id from the same parts, another from other parts', async () => {
    const id = await stableId('m', 'user-1', 'client-1')
    // SHA-256 of "user-1\nclient-1", hex, after the prefix.
    expect(id).toMatch(/^m[0-9a-f]{35}$/)
    expect(await stableId('m', 'user-1', 'client-1')).toBe(id)
    expect(await stableId('m', 'user-1', 'client-2')).not.toBe(id)
  })
})

describe('Sentry', () => {
  it('builds the upstream from the DSN only, with the SaaS org', () => {
    expect(parseDsn('https://abc@o123.ingest.us.sentry.io/456')).toEqual({
      raw: 'https://abc@o123.ingest.us.sentry.io/456',
      upstream: 'https://o123.ingest.us.sentry.io/api/456/envelope/',
      org: '123',
      project: '456',
    })
    expect(parseDsn('http://key@127.0.0.1:9999/1')?.upstream).toBe(
      'http://127.0.0.1:9999/api/1/envelope/',
    )
    expect(parseDsn('https://key@sentry.example/sub/9')?.upstream).toBe(
      'https://sentry.example/sub/api/9/envelope/',
    )
    expect(parseDsn('https://sentry.example/9')).toBeUndefined()
  })
  it('scrubs credentials from events', () => {
    const event = scrubEvent({
      type: undefined,
      request: {
        headers: { Authorization: 'Bearer x', cookie: 'a=b', 'user-agent': 'ua' },
        cookies: { a: 'b' },
        data: '{"password":"x"}',
      },
      user: { ip_address: '1.2.3.4' },
    })
    expect(event.request).toEqual({ headers: { 'user-agent': 'ua' } })
    expect(event.user).toEqual({})
  })
})

// The first request loads the whole Worker, which is slow on a busy machine.
describe('/api inside workerd', { timeout: 60_000 }, () => {
  const post = (path: string, init: RequestInit = {}) =>
    exports.default.fetch(`http://kathelia.test${path}`, { method: 'POST', ...init })
  it('the tunnel is off without SENTRY_DSN', async () => {
    const res = await post('/monitoring?o=1&p=1', { body: '{}' })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 'not_found', message: 'Monitoring is not configured' })
  })
  it('the beacon accepts only JSON or text/plain', async () => {
    const res = await post('/api/presence/beacon', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    })
    expect(res.status).toBe(415)
  })
  it('a JSON route refuses a text/plain body', async () => {
    const res = await post('/api/auth/authorized', {
      headers: { 'content-type': 'text/plain' },
      body: '{"email":"ada@kathelia.test"}',
    })
    // Hono would read a non-JSON body as {}; the route says why instead.
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({
      code: 'unsupported_media_type',
      message: 'Send the body as application/json',
    })
  })
})
