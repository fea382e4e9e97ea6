import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getConfig } from '../../worker/config'
import { calls, callWith, reset, service } from './configured'
import { signIn, type Credentials } from './edge'

// SSRF: the Worker fetches URLs for link previews (user input), the IP lookup (the client's
// address) and the chat webhook (configuration). None of them reaches a private, loopback,
// link-local or reserved address, by literal, by name, in another notation, on another port, or
// through a redirect. The "internal service" is a local server: any call to it fails the test.
const site = service('siteUrl')
const internal = service('internalUrl')
const port = new URL(internal).port

let ben: Credentials
beforeAll(async () => {
  ben = await signIn('ben@kathelia.test')
})
beforeEach(async () => {
  await Promise.all([reset('internalUrl'), reset('siteUrl'), reset('ipInfoUrl')])
})

const PRIVATE = [
  internal,
  `http://localhost:${port}/`,
  'http://localhost/',
  'http://LOCALHOST./',
  'http://app.localhost/',
  'http://127.1/',
  'http://0/',
  'http://0.0.0.0/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://017700000001/',
  'http://127.0.0.1./',
  'http://[::1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[fe80::1]/',
  'http://[fd00::1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://printer.local/',
  'http://router.lan/',
  'http://example.com:22/',
  'http://example.com:8080/',
  'https://example.com:6379/',
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_INFO',
  'ftp://example.com/',
  'http://user:pw@example.com/',
]

const vars = { LINK_PREVIEWS: 'on', LINK_PREVIEW_TEST_ORIGINS: site }
const preview = (route: 'preview' | 'image', url: string) =>
  callWith(vars, `/api/link/${route}`, {
    headers: { authorization: `Bearer ${ben.jwt}` },
    json: { url },
  })

async function expectRefused(res: Response, url: string) {
  const text = await res.text()
  expect(res.status, `${url}: ${text}`).toBeGreaterThanOrEqual(400)
  expect(res.status, `${url}: ${text}`).toBeLessThan(500)
  expect(JSON.parse(text)).toEqual({ code: expect.any(String), message: expect.any(String) })
}

describe('link previews', () => {
  it('fetch a public page (control)', async () => {
    // Tagged: other files of the project use the same site at the same time.
    const tag = crypto.randomUUID()
    const res = await preview('preview', `${site}/page?${tag}`)
    expect(res.status).toBe(200)
    const got = (await calls('siteUrl')).filter((c) => c.path.includes(tag))
    expect(got.map((c) => c.path)).toEqual([`/page?${tag}`])
  })

  it('refuse private, loopback, link-local and reserved targets in every notation', async () => {
    for (const route of ['preview', 'image'] as const)
      for (const url of PRIVATE) await expectRefused(await preview(route, url), url)
    expect(await calls('internalUrl')).toEqual([])
  })

  it('refuse redirects to them (301, 302, 303, 307, 308)', async () => {
    for (const status of [301, 302, 303, 307, 308])
      for (const url of PRIVATE.slice(0, 30)) {
        const hop = `${site}/redirect?status=${status}&to=${encodeURIComponent(url)}`
        await expectRefused(await preview('preview', hop), hop)
      }
    expect(await calls('internalUrl')).toEqual([])
  })

  it('refuse a redirect chain longer than three hops', async () => {
    const tag = crypto.randomUUID()
    let url = `${site}/page?${tag}`
    for (let i = 0; i < 5; i++) url = `${site}/redirect?to=${encodeURIComponent(url)}`
    const res = await preview('preview', url)
    // An upstream failure (502), after the first hop and three redirects, never the fifth.
    expect(res.status).toBe(502)
    expect(await res.json()).toMatchObject({ message: 'No preview: the link redirects too often' })
    expect((await calls('siteUrl')).filter((c) => c.path.includes(tag))).toHaveLength(4)
  })
})

describe('IP lookup', () => {
  const ipVars = { IP_INFO_URL: `${service('ipInfoUrl')}/json`, IP_INFO_TOKEN: 'lookup-token' }
  const online = (ip: string) =>
    callWith(ipVars, '/api/user/update-status', {
      headers: { authorization: `Bearer ${ben.jwt}`, 'cf-connecting-ip': ip },
      json: { userId: ben.userId, payload: { presence: 'online' } },
    })

  it('looks up a literal public address (control)', async () => {
    expect((await online('8.8.8.8')).status).toBe(200)
    const got = await calls('ipInfoUrl')
    expect(got.map((c) => [c.path, c.violation])).toEqual([
      ['/json/8.8.8.8?token=lookup-token', undefined],
    ])
  })

  it('never sends anything but a literal IP address to the lookup service', async () => {
    for (const ip of [
      '..',
      '../..',
      '8.8.8.8/../../__calls',
      '8.8.8.8?token=x#',
      '8.8.8.8@127.0.0.1',
      `127.0.0.1:${port}`,
      'http://127.0.0.1/',
      '%2e%2e',
      'localhost',
    ])
      expect((await online(ip)).status, ip).toBe(200)
    expect((await calls('ipInfoUrl')).filter((c) => c.violation)).toEqual([])
    expect(await calls('internalUrl')).toEqual([])
  })
})

describe('webhook', () => {
  it('takes only an http(s) URL from configuration (users never supply one)', () => {
    for (const url of [
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_INFO',
      'javascript:alert(1)',
      'ftp://example.com/',
    ])
      expect(() => getConfig({ ...env, WEBHOOK_URL: url }), url).toThrow(/WEBHOOK_URL/)
    expect(getConfig({ ...env, WEBHOOK_URL: 'https://chat.example.com/hook' }).WEBHOOK_URL).toBe(
      'https://chat.example.com/hook',
    )
  })
})
