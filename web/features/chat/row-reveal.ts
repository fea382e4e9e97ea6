import { useEffect } from 'react'

// The open list's way to bring a loaded row into the DOM (it may be outside the rendered
// window), for jumps that start outside the list: a quote's click, a bookmark, a search hit.
type Reveal = (messageId: string) => HTMLElement | null
const reveals = new Map<string, Reveal>()

export function useRowReveal(roomId: string, reveal: Reveal) {
  useEffect(() => {
    reveals.set(roomId, reveal)
    return () => {
      if (reveals.get(roomId) === reveal) reveals.delete(roomId)
    }
  }, [roomId, reveal])
}

/** The message's row, rendered if it is loaded in the room's open list; null otherwise. */
export const revealRow = (roomId: string, messageId: string) =>
  reveals.get(roomId)?.(messageId) ?? null

/**
 * A jump's end: the row in the middle of the view and the focus on it, so the keyboard goes on
 * from the message shown (a quote's click, a bookmark, "Show in chat").
 */
export function showRow(row: HTMLElement) {
  row.scrollIntoView({ block: 'center' })
  row.setAttribute('tabindex', '-1')
  row.focus({ preventScroll: true })
}
