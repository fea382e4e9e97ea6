// Channel names a client may subscribe to, and the URL-mode (pre-`subscribe` frame) parsing.

const ACCOUNT_ACTIONS = new Set(['create', 'update', 'delete', 'upsert'])

/**
 * Appwrite's convertChannels: `account` becomes `account.<userId>` and `account.<action>` becomes
 * `account.<userId>.<action>`; every other `account.X` is dropped, so nobody can name another
 * user's account channel. A guest has no account channel at all.
 */
export function convertChannels(channels: string[], userId: string | null): string[] {
  const out = new Set<string>()
  for (const ch of channels) {
    if (ch === 'account') {
      if (userId) out.add(`account.${userId}`)
    } else if (ch.startsWith('account.')) {
      const action = ch.slice('account.'.length)
      if (userId && ACCOUNT_ACTIONS.has(action)) out.add(`account.${userId}.${action}`)
    } else {
      out.add(ch)
    }
  }
  return [...out]
}

/** Account channels of an event reach only their owner (defence in depth beside the roles). */
export function channelVisibleTo(channel: string, userId: string | null): boolean {
  if (channel !== 'account' && !channel.startsWith('account.')) return true
  return userId !== null && (channel === 'account' || channel.split('.')[1] === userId)
}

export type UrlSubscription = { channels: string[]; queries: string[] }

/**
 * The old URL mode: `channels[]=a&channels[]=b`, with per-channel queries under the channel name
 * with dots turned into underscores (PHP does that to parameter names):
 * `a_b[0][]=<query>` puts channel a.b into subscription 0; a bare `a_b[]=q` or `a_b=q` is read the
 * way PHP reads it (list index = subscription index). Channels without queries share subscription
 * 0. Returns subscriptions by index.
 */
export function urlSubscriptions(params: URLSearchParams): Map<number, UrlSubscription> {
  const names = [...params.getAll('channels[]'), ...params.getAll('channels')]
  const byIndex = new Map<number, UrlSubscription>()
  const entry = (i: number) => {
    let sub = byIndex.get(i)
    if (!sub) byIndex.set(i, (sub = { channels: [], queries: [] }))
    return sub
  }
  for (const channel of new Set(names)) {
    const key = channel.replace(/[.\s]/g, '_')
    const perIndex = new Map<number, string[]>()
    let listIndex = 0
    for (const [name, value] of params) {
      if (name === key || name === `${key}[]`) {
        perIndex.set(listIndex++, [value])
        continue
      }
      const m = /^(.*)\[(\d+)\](\[\])?$/.exec(name)
      if (m && m[1] === key) {
        const i = Number(m[2])
        perIndex.set(i, [...(perIndex.get(i) ?? []), value])
      }
    }
    if (perIndex.size === 0) perIndex.set(0, [])
    for (const [i, queries] of perIndex) {
      const sub = entry(i)
      if (!sub.channels.includes(channel)) sub.channels.push(channel)
      // The first channel that brings queries for an index defines them, as in Appwrite.
      if (sub.queries.length === 0) sub.queries = queries
    }
  }
  return byIndex
}
