import { Suspense, useEffect, useId } from 'react'
import { clickPart } from '../../lib/click-part'
import { useSnapshot } from 'valtio'
import { whenSettled } from '../../lib/when-settled'
import { globalState } from '../../state/global-state'
import { Avatar } from './avatar'
import { usePopover } from './use-popover'

const ProfileMenuPanel = clickPart(
  () => import('./profile-menu-panel'),
  (p) => p.close(),
)

/** View Profile (only closes), Settings, the admin switch for the admin, Logout → "/". */
export function ProfileMenu() {
  const { account, flags } = useSnapshot(globalState)
  // Escape and a click outside; the panel, which has the focus once open, takes the other keys.
  const { open, setOpen, ref, buttonRef } = usePopover()
  const menuId = useId()
  // The panel is a chunk of its own (a room's first script is budgeted), fetched ahead of a click.
  useEffect(() => whenSettled(() => void ProfileMenuPanel.preload().catch(() => undefined)), [])

  if (!account) return null
  return (
    <div className="profile-menu" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="profile-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Profile menu"
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar name={account.name} list={flags.list} size={32} />
        <span className="profile-name">{account.name}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ProfileMenuPanel
            id={menuId}
            close={() => setOpen(false)}
            backToButton={() => buttonRef.current?.focus()}
          />
        </Suspense>
      )}
    </div>
  )
}
