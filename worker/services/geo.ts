import type { Config } from '../config'
import { parseIPv4, parseIPv6 } from './link-guard'

type Place = { city?: string; region?: string; country?: string }

const TIMEOUT_MS = 3_000
// This network, private, CGNAT (100.64/10), loopback and link-local IPv4 ranges.
const PRIVATE_V4 =
  /^(0|10|127)\.|^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.|^169\.254\.|^172\.(1[6-9]|2\d|3[01])\.|^192\.168\./

/**
 * Whether an address says nothing about where its user is (local dev, a proxy's inside): the
 * ranges above, IPv6 loopback/unspecified, unique-local fc00::/7 and link-local fe80::/10, and
 * IPv4-mapped IPv6 (::ffff:a.b.c.d or ::ffff:hhhh:hhhh) of a private IPv4 address.
 */
export function isPrivateIp(ip: string): boolean {
  const v = ip.trim().toLowerCase()
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v)
  if (dotted) return PRIVATE_V4.test(dotted[1])
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v)
  if (hex) {
    const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)]
    return PRIVATE_V4.test(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`)
  }
  if (v.includes(':')) return v === '::1' || v === '::' || /^(f[cd]|fe[89ab])/.test(v)
  return PRIVATE_V4.test(v)
}

/** A plain IPv4 (four dotted decimal parts) or IPv6 address, nothing else. */
export const isLiteralIp = (ip: string) =>
  (/^\d{1,3}(\.\d{1,3}){3}$/.test(ip) && parseIPv4(ip) !== undefined) ||
  (/^[0-9a-f:.]+$/i.test(ip) && parseIPv6(ip) !== undefined)

let displayNames: Intl.DisplayNames | undefined
/** "DE" → "Germany"; an unknown code stays as it is. */
export function countryName(code: string | undefined): string | undefined {
  if (!code) return undefined
  if (!/^[A-Za-z]{2}$/.test(code)) return code
  try {
    displayNames ??= new Intl.DisplayNames(['en'], { type: 'region' })
    return displayNames.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/** "city, region, country name", skipping empty parts; undefined when nothing is known. */
export function formatPlace(p: Place): string | undefined {
  const parts = [p.city, p.region, countryName(p.country)].filter(
    (s): s is string => typeof s === 'string' && s.trim() !== '',
  )
  return parts.length ? parts.join(', ').slice(0, 256) : undefined
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`${new URL(url).host} answered ${res.status}`)
  return (await res.json()) as Record<string, unknown>
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined)

/**
 * The caller's location. With IP_INFO_URL (and its token) configured: the client IP from
 * CF-Connecting-IP — or, when that is missing or private (local dev), the public IP that
 * IP_ECHO_URL reports ({ ip }) — looked up at IP_INFO_URL ({ city, region, country code }).
 * IP_INFO_URL may contain `{ip}`; otherwise `/<ip>` is appended. Without it, or when a lookup
 * fails, Cloudflare's request.cf geo (no subrequest, no third party) is used.
 */
export async function resolveLocation(req: Request, config: Config): Promise<string | undefined> {
  if (config.IP_INFO_URL && config.IP_INFO_TOKEN) {
    try {
      let ip = req.headers.get('cf-connecting-ip') ?? undefined
      if ((!ip || isPrivateIp(ip)) && config.IP_ECHO_URL)
        ip = text((await getJson(config.IP_ECHO_URL)).ip)
      // Only a literal address is looked up: anything else would be spliced into the URL's path.
      if (ip && isLiteralIp(ip)) {
        const base =
          config.IP_INFO_URL.includes('%7Bip%7D') || config.IP_INFO_URL.includes('{ip}')
            ? config.IP_INFO_URL.replace(/\{ip\}|%7Bip%7D/, encodeURIComponent(ip))
            : `${config.IP_INFO_URL.replace(/\/$/, '')}/${encodeURIComponent(ip)}`
        const url = new URL(base)
        url.searchParams.set('token', config.IP_INFO_TOKEN)
        const info = await getJson(url.toString())
        const place = formatPlace({
          city: text(info.city),
          region: text(info.region),
          country: text(info.country),
        })
        if (place) return place
      }
    } catch (err) {
      console.warn('IP lookup failed, using request geo:', err instanceof Error ? err.message : err)
    }
  }
  const cf = (req as Request & { cf?: Record<string, unknown> }).cf
  return cf
    ? formatPlace({ city: text(cf.city), region: text(cf.region), country: text(cf.country) })
    : undefined
}
