import { useEffect, type RefObject } from 'react'
import { tabbables } from '../../lib/tabbables'

/**
 * A modal dialog's focus trap: while `active`, Tab from its last control goes to its first and
 * Shift+Tab from its first to its last (the page behind is inert, so nothing else could take it).
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active = true) {
  useEffect(() => {
    if (!active) return
    const onKey = (e: KeyboardEvent) => {
      const root = ref.current
      if (e.key !== 'Tab' || !root) return
      const items = tabbables(root)
      const first = items[0]
      const last = items.at(-1)
      if (!first || !last) return
      const current = document.activeElement
      const inside = root.contains(current)
      if (e.shiftKey && (current === first || !inside)) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && (current === last || !inside)) {
        e.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [ref, active])
}
