import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { parseVars } from '../../scripts/local-vars'
import { getConfig } from '../../worker/config'
import {
  checkLinkUrl,
  hostRefusal,
  LinkRefused,
  parseIPv4,
  parseIPv6,
} from '../../worker/services/link-guard'

const refused = (url: string, origins: string[] = []) => {
  expect(() => checkLinkUrl(url, origins), url).toThrow(LinkRefused)
}

describe('parseIPv4', () => {
  it('reads every inet_aton form: dotted, decimal, hex, octal, short', () => {
    const loop = 0x7f000001
    for (const s of ['127.0.0.1', '2130706433', '0x7f000001', '0x7f.0.0.1', '0177.0.0.1', '127.1'])
      expect(parseIPv4(s), s).toBe(loop)
    expect(parseIPv4('10.0.0.256')).toBeUndefined()
    expect(parseIPv4('1.2.3.4.5')).toBeUndefined()
    expect(parseIPv4('example.com')).toBeUndefined()
    expect(parseIPv4('08.1.1.1')).toBeUndefined()
  })
})

describe('parseIPv6', () => {
  it('expands ::, keeps an IPv4 tail and refuses malformed input', () => {
    expect(parseIPv6('[::1]')).toEqual([0, 0, 0, 0, 0, 0, 0, 1])
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1])
    expect(parseIPv6('2001:db8::1:2')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 1, 2])
    expect(parseIPv6('1::2::3')).toBeUndefined()
    expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeUndefined()
    expect(parseIPv6('fe80::1%eth0')).toBeUndefined()
    expect(parseIPv6('example.com')).toBeUndefined()
  })
})

describe('checkLinkUrl', () => {
  it('lets public http(s) URLs on the standard ports through', () => {
    expect(checkLinkUrl('https://example.com/a?b=1').href).toBe('https://example.com/a?b=1')
    expect(checkLinkUrl('http://example.com:80/').href).toBe('http://example.com/')
    expect(checkLinkUrl('https://example.com:443/x').href).toBe('https://example.com/x')
    expect(checkLinkUrl('http://93.184.216.34/').hostname).toBe('93.184.216.34')
    expect(checkLinkUrl('http://[2606:4700::1111]/').hostname).toBe('[2606:4700::1111]')
  })

  it('refuses other schemes, ports, credentials and overlong URLs', () => {
    for (const u of [
      'ftp://example.com/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,hi',
      'http://example.com:8080/',
      'https://example.com:80/',
      'http://user:pw@example.com/',
      `https://example.com/${'a'.repeat(2100)}`,
      'not a url',
    ])
      refused(u)
  })

  it('refuses loopback, private, link-local and reserved IPv4 in every notation', () => {
    for (const u of [
      'http://127.0.0.1/',
      'http://127.8.9.10/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0x7f.0.0.1/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://0.0.0.0/',
      'http://0/',
      'http://10.0.0.1/',
      'http://012.0.0.1/',
      'http://167772161/',
      'http://172.16.5.4/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0xa9fea9fe/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
    ])
      refused(u)
    expect(checkLinkUrl('http://172.32.0.1/').hostname).toBe('172.32.0.1')
  })

  it('refuses loopback, private, link-local and IPv4-mapped IPv6', () => {
    for (const u of [
      'http://[::1]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:7f00:1::]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[fe80::1]/',
      'http://[ff02::1]/',
      'http://[2001:db8::1]/',
    ])
      refused(u)
    expect(checkLinkUrl('http://[::ffff:93.184.216.34]/').hostname).toBe('[::ffff:5db8:d822]')
  })

  it('refuses local and internal host names and cloud metadata hosts', () => {
    for (const u of [
      'http://localhost/',
      'http://LOCALHOST./',
      'http://app.localhost/',
      'http://printer.local/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://metadata/',
      'http://intranet/',
      'http://router.home.arpa/',
    ])
      refused(u)
    expect(hostRefusal('example.internal')).toMatch(/internal/)
  })

  it('lets an exact test origin through and nothing beside it', () => {
    const origins = ['http://127.0.0.1:4567']
    expect(checkLinkUrl('http://127.0.0.1:4567/page', origins).port).toBe('4567')
    refused('http://127.0.0.1:4568/page', origins)
    refused('http://127.0.0.1/page', origins)
    refused('https://127.0.0.1:4567/page', origins)
  })
})

describe('link preview configuration', () => {
  const env = (extra: Record<string, string>) => ({
    ...parseVars(readFileSync('.dev.vars.example', 'utf8')),
    ...extra,
  })

  it('is on by default with no test origins, and origins are normalised', () => {
    const config = getConfig(env({}))
    expect(config.LINK_PREVIEWS).toBe('on')
    expect(config.LINK_PREVIEW_TEST_ORIGINS).toEqual([])
    expect(
      getConfig(env({ LINK_PREVIEW_TEST_ORIGINS: 'http://127.0.0.1:4567/' }))
        .LINK_PREVIEW_TEST_ORIGINS,
    ).toEqual(['http://127.0.0.1:4567'])
  })

  it('refuses test origins in production and a LINK_PREVIEWS other than on/off', () => {
    const prod = env({
      APP_ENV: 'production',
      MAIL_TRANSPORT: 'send_email',
      LINK_PREVIEW_TEST_ORIGINS: 'http://127.0.0.1:4567',
    })
    expect(() => getConfig(prod)).toThrow(/LINK_PREVIEW_TEST_ORIGINS: is for tests only/)
    expect(() => getConfig(env({ LINK_PREVIEWS: 'maybe' }))).toThrow(/LINK_PREVIEWS/)
  })
})
