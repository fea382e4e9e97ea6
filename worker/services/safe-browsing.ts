// The Google Safe Browsing v4 Lookup API (threatMatches:find): one POST per batch of URLs,
// answered with `{ matches: [...] }` for the flagged ones or `{}` when none is.
const THREAT_TYPES = [
  'MALWARE',
  'SOCIAL_ENGINEERING',
  'UNWANTED_SOFTWARE',
  'POTENTIALLY_HARMFUL_APPLICATION',
]
const TIMEOUT_MS = 5000

type Match = { threatType?: string; threat?: { url?: string } }

export class SafeBrowsingError extends Error {
  override name = 'SafeBrowsingError'
}

/** Flagged URLs (as asked) mapped to their threat type; URLs not in the map are not flagged. */
export async function lookupThreats(
  base: string,
  key: string,
  urls: string[],
): Promise<Map<string, string>> {
  const endpoint = new URL('v4/threatMatches:find', base.endsWith('/') ? base : `${base}/`)
  endpoint.searchParams.set('key', key)
  let res: Response
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client: { clientId: 'kathelia', clientVersion: '1.0.0' },
        threatInfo: {
          threatTypes: THREAT_TYPES,
          platformTypes: ['ANY_PLATFORM'],
          threatEntryTypes: ['URL'],
          threatEntries: urls.map((url) => ({ url })),
        },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (err) {
    throw new SafeBrowsingError(`the lookup is unreachable (${(err as Error).message})`)
  }
  if (!res.ok) throw new SafeBrowsingError(`the lookup answered ${res.status}`)
  const body = (await res.json().catch(() => null)) as { matches?: Match[] } | null
  if (!body || typeof body !== 'object') throw new SafeBrowsingError('the lookup answered no JSON')
  const flagged = new Map<string, string>()
  for (const m of body.matches ?? [])
    if (m.threat?.url && urls.includes(m.threat.url))
      flagged.set(m.threat.url, m.threatType ?? 'THREAT')
  return flagged
}
