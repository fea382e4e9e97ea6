import { useEffect, useRef } from 'react'
import { APP_NAME } from '../../../shared/constants'
import { setSidebarOpen } from '../../state/global-state'
import { openCreateRoom } from '../rooms/create-room-state'
import { RoomList } from '../rooms/room-list'
import { SidebarNav } from './sidebar-nav'
import { useDismiss } from './use-dismiss'
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
  const modal = drawer && open
  useFocusTrap(ref, modal)

  useDismiss(modal, () => setSidebarOpen(false))

  useEffect(() => {
    if (!drawer || !open) return
    const previous = document.activeElement as HTMLElement | null
    ref.current?.querySelector<HTMLElement>('a, button')?.focus()
    return () => {
      // Unless the destination already took focus (e.g. a room's composer), back to the opener.
      const current = document.activeElement
      if (!current || current === document.body || ref.current?.contains(current)) previous?.focus()
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
          <SidebarNav onNavigate={close} />
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
          <RoomList onNavigate={close} />
        </section>
        <footer className="sidebar-footer">
          <VersionBadge />
        </footer>
      </aside>
    </>
  )
}
