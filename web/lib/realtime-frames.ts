/** The channels a server frame confirms as subscribed (none for any other frame). */
export function subscribedChannels(frame: unknown): string[] {
  if (typeof frame !== 'string' || !frame.includes('"subscribe"')) return []
  try {
    const { type, data } = JSON.parse(frame) as {
      type?: string
      data?: { to?: string; success?: boolean; subscriptions?: { channels?: unknown }[] }
    }
    if (type !== 'response' || data?.to !== 'subscribe' || !data.success) return []
    return (data.subscriptions ?? []).flatMap((s) =>
      Array.isArray(s.channels) ? s.channels.filter((c) => typeof c === 'string') : [],
    )
  } catch {
    return []
  }
}
