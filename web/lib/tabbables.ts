const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]'

/**
 * What Tab can reach inside `root`, in page order: shown, not inert, and not taken out of the
 * order by tabindex -1.
 */
export const tabbables = (root: ParentNode) =>
  [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.checkVisibility(),
  )
