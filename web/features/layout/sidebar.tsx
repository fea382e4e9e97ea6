import { useEffect, useRef } from 'react'
import { APP_NAME } from '../../../shared/constants'
import { setSidebarOpen } from '../../state/global-state'
import { openCreateRoom } from '../rooms/create-room-state'
import { RoomList } from '../rooms/room-list'
import { SidebarNav } from './sidebar-nav'
import { useDismiss } from './use-dismiss'
import { MAIN_ID } from './skip-link'
import { useFocusTrap } from './use-focus-trap'
import { VersionBadge } from './version-badge'

/**
 * Fixed on large screens; below 1024px a slide-over drawer (a modal dialog while open, closed
 * by Escape, a phone's Back, the backdrop or choosing a destination).
 */
export function Sidebar({
  drawer,
  open,
  inert,
}: {
  drawer: boolean
  open: boolean
  inert: boolean
}) {
  const ref = useRef<HTMLElement>(null)
  const close = drawer ? () => setSidebarOpen(false) : undefined
  // Closed by one of its links: the page opened takes the focus, not the drawer's opener.
  const byLink = useRef(false)
  const navigated = drawer ? () => ((byLink.current = true), setSidebarOpen(false)) : undefined
  const modal = drawer && open
  useFocusTrap(ref, modal)

  useDismiss(modal, () => setSidebarOpen(false))

  useEffect(() => {
    if (!drawer || !open) return
    const previous = document.activeElement as HTMLElement | null
    byLink.current = false
    ref.current?.querySelector<HTMLElement>('a, button')?.focus()
    // The browser's Back (a button, or a swipe back outside Chrome on Android, which no
    // CloseWatcher sees) goes to the page before and closes the drawer, as its links do.
    const back = navigated!
    addEventListener('popstate', back)
    return () => {
      removeEventListener('popstate', back)
      // Unless the destination already took focus (e.g. a room's composer), back to the opener;
      // after a link, to the page's main region, which the new page's heading or composer then
      // takes (page-heading.tsx, composer.tsx).
      const current = document.activeElement
      if (current && current !== document.body && !ref.current?.contains(current)) return
      if (byLink.current) document.getElementById(MAIN_ID)?.focus()
      else previous?.focus()
    }
  }, [drawer, open])

  return (
    <>
      {modal && <div className="backdrop" onClick={close} aria-hidden="true" />}
      <aside
        ref={ref}
        id="sidebar"
        className={`sidebar${drawer ? ' drawer' : ''}${modal ? ' open' : ''}`}
        aria-label="Sidebar"
        role={modal ? 'dialog' : undefined}
        aria-modal={modal ? true : undefined}
        hidden={drawer && !open ? true : undefined}
        inert={inert || undefined}
      >
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            K
          </span>
          <span>{APP_NAME}</span>
          {drawer && (
            <button
              type="button"
              className="icon-button close"
              onClick={close}
              aria-label="Close menu"
            >
              ×
            </button>
          )}
        </div>
        <nav aria-label="Main">
          <SidebarNav onNavigate={navigated} />
        </nav>
        <section className="sidebar-rooms" aria-labelledby="rooms-heading">
          <div className="sidebar-section-head">
            <h2 id="rooms-heading">Rooms</h2>
            <button
              type="button"
              className="icon-button"
              aria-label="Create a new room"
              title="Create a new room"
              onClick={(e) => {
                close?.()
                openCreateRoom(e.currentTarget)
              }}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
                <path d="M12 5v14M5 12h14" />
              </svg>
            </button>
          </div>
          <RoomList onNavigate={navigated} />
        </section>
        <footer className="sidebar-footer">
          <VersionBadge />
        </footer>
      </aside>
    </>
  )
}
