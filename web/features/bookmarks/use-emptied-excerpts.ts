import { useRef } from 'react'
import type { Bookmark } from './bookmark-model'

/**
 * The saved messages whose bookmark lost its words while the page was open: a delete for
 * everyone is the only change that empties an excerpt (an edit leaves words, or a file's label),
 * so the page says "deleted" with the bookmark's own event. The read of the messages that says
 * so too answers later, and until then called the message "(attachment)". Deletes are final,
 * so the set only grows; a render repeated (StrictMode) finds what the first one noted.
 */
export function useEmptiedExcerpts(list: readonly Bookmark[] | undefined): ReadonlySet<string> {
  const seen = useRef(new Map<string, string>())
  const emptied = useRef(new Set<string>())
  for (const b of list ?? []) {
    if (b.kind !== 'message') continue
    if (!b.excerpt && seen.current.get(b.$id)) emptied.current.add(b.messageId)
    seen.current.set(b.$id, b.excerpt)
  }
  return emptied.current
}
