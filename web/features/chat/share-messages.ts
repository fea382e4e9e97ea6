import { replaceEqualDeep } from '@tanstack/react-query'
import { waiting, type Message } from './message-model'
import type { MessagesData } from './messages-query'

/**
 * The room's `structuralSharing`: a message that did not change keeps its object, matched by
 * $id. The default matches rows by position, and a live message at the top of the newest page
 * shifts every position, so each one made a fresh copy of every loaded message: every memoized
 * row rendered again, and each copy stayed reachable from the renders that had used it (the
 * soak's tab heap grew by about 150 KB a message, superlinearly).
 */
export function shareMessages(old: unknown, next: unknown): unknown {
  const prev = old as MessagesData | undefined
  const data = withWaiting(next as MessagesData | undefined)
  if (!prev?.pages || !data?.pages || prev === data) return data
  const byId = new Map<string, Message>()
  for (const page of prev.pages) for (const m of page.rows) byId.set(m.$id, m)
  const pages = data.pages.map((page, i) => {
    const rows = page.rows.map((m) => {
      const before = byId.get(m.$id)
      return before ? replaceEqualDeep(before, m) : m
    })
    const was = prev.pages[i]
    if (was && was.rows.length === rows.length && rows.every((m, k) => m === was.rows[k]))
      return was
    return { ...page, rows }
  })
  const pageParams = replaceEqualDeep(prev.pageParams, data.pageParams)
  const unchanged = pages.length === prev.pages.length && pages.every((p, i) => p === prev.pages[i])
  if (unchanged && pageParams === prev.pageParams) return prev
  return { ...data, pages, pageParams }
}

/** The pages with the changes that wait for the connection laid over their messages. */
function withWaiting(data: MessagesData | undefined): MessagesData | undefined {
  if (!waiting.size || !data?.pages) return data
  const over = (m: Message) => (waiting.has(m.$id) ? { ...m, ...waiting.get(m.$id) } : m)
  return { ...data, pages: data.pages.map((p) => ({ ...p, rows: p.rows.map(over) })) }
}
