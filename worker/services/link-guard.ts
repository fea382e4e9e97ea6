// Which URLs the Worker may fetch for a link preview. DNS-free: literal IPs are judged by their
// value, host names by a denylist. A name that resolves to a private address is not caught here;
// Cloudflare's egress cannot reach private networks, which covers that case in production.

export class LinkRefused extends Error {
  override name = 'LinkRefused'
}

const DENIED_HOSTS = new Set(['localhost', 'metadata', 'metadata.google.internal', 'instance-data'])
const DENIED_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet']

/** An IPv4 part in decimal, hex (0x…) or octal (0…) as inet_aton reads it; NaN otherwise. */
function v4Part(s: string): number {
  if (/^0x[0-9a-f]*$/i.test(s)) return s.length === 2 ? 0 : parseInt(s.slice(2), 16)
  if (/^0[0-7]*$/.test(s)) return parseInt(s, 8)
  if (/^[1-9][0-9]*$/.test(s)) return parseInt(s, 10)
  return NaN
}

/** A literal IPv4 address in any inet_aton form (1 to 4 parts) as a 32-bit number. */
export function parseIPv4(host: string): number | undefined {
  const parts = host.replace(/\.$/, '').split('.')
  if (parts.length < 1 || parts.length > 4) return undefined
  const nums = parts.map(v4Part)
  if (nums.some((n) => Number.isNaN(n))) return undefined
  const last = nums.pop() as number
  if (nums.some((n) => n > 255) || last >= 2 ** (8 * (4 - nums.length))) return undefined
  return nums.reduce((acc, n, i) => acc + n * 2 ** (8 * (3 - i)), 0) + last
}

/** A literal IPv6 address (brackets allowed, IPv4 tail allowed) as 8 hextets. */
export function parseIPv6(host: string): number[] | undefined {
  let s = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (!s.includes(':') || s.includes('%')) return undefined
  const tail = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(s)
  if (tail) {
    const v4 = parseIPv4(tail[1]!)
    if (v4 === undefined || tail[1]!.split('.').length !== 4) return undefined
    s =
      s.slice(0, s.length - tail[1]!.length) +
      `${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = s.split('::')
  if (halves.length > 2) return undefined
  const read = (h: string) => (h === '' ? [] : h.split(':'))
  const head = read(halves[0]!)
  const rest = halves.length === 2 ? read(halves[1]!) : []
  const missing = 8 - head.length - rest.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return undefined
  return groups.map((g) => parseInt(g, 16))
}

const inV4 = (ip: number, base: string, bits: number) => {
  const b = parseIPv4(base) as number
  const size = 2 ** (32 - bits)
  return Math.floor(ip / size) === Math.floor(b / size)
}

// Not publicly routable: this network, private, CGNAT, loopback, link-local (cloud metadata),
// IETF protocol assignments, documentation, benchmarking, multicast, reserved, broadcast.
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]

export const isBlockedIPv4 = (ip: number) => V4_BLOCKED.some(([b, n]) => inV4(ip, b, n))

export function isBlockedIPv6(h: number[]): boolean {
  const v4 = ((h[6]! << 16) + h[7]!) >>> 0
  const zeros = (n: number) => h.slice(0, n).every((x) => x === 0)
  if (zeros(8)) return true // ::
  if (zeros(7) && h[7] === 1) return true // ::1
  if (zeros(5) && h[5] === 0xffff) return isBlockedIPv4(v4) // ::ffff:a.b.c.d (mapped)
  if (zeros(6)) return true // ::a.b.c.d (deprecated compatible form)
  if (h[0] === 0x64 && h[1] === 0xff9b) return isBlockedIPv4(v4) // NAT64
  if (h[0] === 0x2002) return isBlockedIPv4(((h[1]! << 16) + h[2]!) >>> 0) // 6to4
  if ((h[0]! & 0xfe00) === 0xfc00) return true // unique local fc00::/7
  if ((h[0]! & 0xffc0) === 0xfe80) return true // link-local fe80::/10
  if ((h[0]! & 0xffc0) === 0xfec0) return true // site-local (deprecated)
  if ((h[0]! & 0xff00) === 0xff00) return true // multicast
  if (h[0] === 0x2001 && h[1] === 0xdb8) return true // documentation
  if (h[0] === 0x100 && zeros(4)) return true // discard-only 100::/64
  return false
}

/** Why a host may not be fetched, or undefined when it may. */
export function hostRefusal(rawHost: string): string | undefined {
  const host = rawHost.toLowerCase().replace(/\.$/, '')
  const v6 = parseIPv6(host)
  if (v6) return isBlockedIPv6(v6) ? 'a private or reserved IPv6 address' : undefined
  if (host.startsWith('[')) return 'a malformed IPv6 address'
  const v4 = parseIPv4(host)
  if (v4 !== undefined) return isBlockedIPv4(v4) ? 'a private or reserved IPv4 address' : undefined
  if (!host.includes('.')) return 'a host name without a domain'
  if (DENIED_HOSTS.has(host) || DENIED_SUFFIXES.some((s) => host.endsWith(s)))
    return 'a local or internal host name'
  // A numeric-looking last label that is not a valid IPv4 is no public name either.
  if (/^(0x[0-9a-f]*|\d+)$/i.test(host.split('.').pop()!)) return 'a malformed IPv4 address'
  return undefined
}

/**
 * The URL as the Worker may fetch it, or LinkRefused saying why. `testOrigins` (config, off by
 * default) are exact origins let through whatever their address and port: the tests' local sites.
 */
export function checkLinkUrl(raw: string | URL, testOrigins: readonly string[] = []): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new LinkRefused('not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new LinkRefused('only http and https links are previewed')
  if (url.username || url.password) throw new LinkRefused('links with credentials are refused')
  if (url.href.length > 2048) throw new LinkRefused('the link is longer than 2048 characters')
  if (testOrigins.includes(url.origin)) return url
  // The parser drops a scheme's default port, so any port left is not 80 (http) or 443 (https).
  if (url.port !== '') throw new LinkRefused('only the standard ports 80 and 443 are allowed')
  const why = hostRefusal(url.hostname)
  if (why) throw new LinkRefused(`the link points to ${why}`)
  return url
}
