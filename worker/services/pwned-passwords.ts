// Have I Been Pwned's Pwned Passwords range API (k-anonymity): only the first 5 hex characters
// of the password's SHA-1 leave the Worker; the suffixes that come back are compared here.
// `Add-Padding: true` makes every answer about the same size, so the response does not hint at
// the prefix either. ASVS 6.2.12 (breached passwords).

export const PWNED_TEXT =
  'This password has appeared in a data breach, so attackers try it first. Please choose a different one.'

const TIMEOUT_MS = 3_000

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()
}

/**
 * True when the range API lists the password with a count above 0 (padding rows have count 0).
 * Off (false) without a URL; any failure (network, status, timeout) is false too: a lookup
 * failure never blocks the user.
 */
export async function isPwnedPassword(password: string, baseUrl: string | undefined) {
  if (!baseUrl) return false
  try {
    const hash = await sha1Hex(password)
    const prefix = hash.slice(0, 5)
    const suffix = hash.slice(5)
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/range/${prefix}`, {
      headers: { 'Add-Padding': 'true', 'User-Agent': 'Kathelia' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!res.ok) return false
    for (const line of (await res.text()).split('\n')) {
      const [tail, count] = line.trim().split(':')
      if (tail?.toUpperCase() === suffix && Number(count) > 0) return true
    }
    return false
  } catch {
    return false
  }
}
