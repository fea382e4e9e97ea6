import { useEffect, useRef } from 'react'

/**
 * A page's heading. A page opened from a menu or a link that took the focus away with it
 * (closed, unmounted) starts with the focus here, so the keyboard and a screen reader are on the
 * new page, not at the top of the document.
 */
export function PageHeading({ children, id }: { children: string; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const at = document.activeElement
    // In the drawer, closing as its link opened this page, or on the page's main region where it
    // leaves the focus (sidebar.tsx): the new page takes it.
    const leaving = at?.matches('main') || at?.closest('#sidebar[role="dialog"]')
    if (!at || at === document.body || leaving) ref.current?.focus()
  }, [])
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  )
}
