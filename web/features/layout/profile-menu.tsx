import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId } from 'react'
import { useSnapshot } from 'valtio'
import { globalState, setAdminView } from '../../state/global-state'
import { logout } from '../auth/logout'
import { install, pwaState } from '../pwa/pwa-state'
import { Avatar } from './avatar'
import { usePopover } from './use-popover'

/** View Profile (only closes), Settings, the admin switch for the admin, Logout → "/". */
export function ProfileMenu() {
  const { account, flags } = useSnapshot(globalState)
  const { installPrompt } = useSnapshot(pwaState)
  const { open, setOpen, ref, buttonRef } = usePopover((e, root) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp')
      moveFocus(root, e.key === 'ArrowDown' ? 1 : -1)
    // Home and End as in the message menu (the menu pattern).
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault()
      const items = root?.querySelectorAll<HTMLElement>('[role^="menuitem"]')
      items?.[e.key === 'Home' ? 0 : items.length - 1]?.focus()
    }
    // Tab leaves a menu as Escape does (the menu pattern, as the message menu's).
    if (e.key === 'Tab' && root?.contains(document.activeElement)) {
      e.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    }
  })
  const menuId = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  // Opening the menu moves focus to its first item.
  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus()
  }, [open, ref])

  if (!account) return null
  const close = () => setOpen(false)
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
        <div className="menu" role="menu" id={menuId} aria-label="Profile">
          <div className="menu-head" role="presentation">
            <strong>{account.name}</strong>
            <span>{account.email}</span>
          </div>
          {/* The spec's View Profile only closes the menu; the focus goes back to its button. */}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              close()
              buttonRef.current?.focus()
            }}
          >
            View Profile
          </button>
          <Link to="/settings" role="menuitem" onClick={close}>
            Settings
          </Link>
          {installPrompt && (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close()
                void install()
              }}
            >
              Install Kathelia
            </button>
          )}
          {flags.showAdmin && (
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={flags.isAdmin}
              className="menu-switch"
              onClick={() => setAdminView(!flags.isAdmin)}
            >
              Admin
              <span className={`switch${flags.isAdmin ? ' on' : ''}`} aria-hidden="true" />
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              close()
              void logout(queryClient, () => navigate({ to: '/' }))
            }}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  )
}

function moveFocus(root: HTMLElement | null, step: number) {
  const items = [...(root?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])]
  const i = items.indexOf(document.activeElement as HTMLElement)
  items[(i + step + items.length) % items.length]?.focus()
}
