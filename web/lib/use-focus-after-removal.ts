import { useLayoutEffect, useRef } from 'react'

type Left = { control: HTMLElement; list: HTMLElement | null; index: number; selector: string }

/**
 * A list whose rows remove themselves (a bookmark's "Remove", a device's "Sign out"): once the
 * row whose control had the focus is gone, the focus goes to the same control of the row now in
 * its place, else of the new last row, else to `fallback`; not to the page, from whose top the
 * keyboard would start again. Returns what to call with the control as it is used.
 */
export function useFocusAfterRemoval(fallback: () => HTMLElement | null | undefined) {
  const left = useRef<Left | null>(null)
  // After every render of the list's owner: the row goes with the render after its removal.
  useLayoutEffect(() => {
    const l = left.current
    if (!l) return
    if (l.control.isConnected) {
      // The removal failed or is still under way; once the focus has moved on, it is forgotten.
      if (document.activeElement !== l.control) left.current = null
      return
    }
    left.current = null
    if (document.activeElement && document.activeElement !== document.body) return
    const rows = l.list?.isConnected ? Array.from(l.list.children) : []
    const row = rows[Math.min(l.index, rows.length - 1)]
    ;((l.selector && row?.querySelector<HTMLElement>(l.selector)) || fallback())?.focus()
  })
  // A control outside a list's rows (e.g. "Sign out of all other devices") goes to `fallback`.
  return (control: HTMLElement, selector = '') => {
    const row = control.closest('li')
    const list = row?.parentElement ?? null
    const index = row && list ? Array.from(list.children).indexOf(row) : 0
    left.current = { control, list, index, selector }
  }
}
