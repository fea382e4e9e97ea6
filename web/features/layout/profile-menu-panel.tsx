import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { globalState, setAdminView } from '../../state/global-state'
import { logout } from '../auth/logout'
import { install, pwaState } from '../pwa/pwa-state'

type Props = { id: string; close: () => void; backToButton: () => void }

/** The profile menu's items and their keys (profile-menu.tsx holds the button, and Escape). */
export default function ProfileMenuPanel({ id, close, backToButton }: Props) {
  const { account, flags } = useSnapshot(globalState)
  const { installPrompt } = useSnapshot(pwaState)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const ref = useRef<HTMLDivElement>(null)
  // Opening the menu moves focus to its first item.
  useEffect(() => ref.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus(), [])
  if (!account) return null
  const onKeyDown = (e: KeyboardEvent) => {
    const items = [...ref.current!.querySelectorAll<HTMLElement>('[role^="menuitem"]')]
    const at = items.indexOf(document.activeElement as HTMLElement)
    const step = { ArrowDown: 1, ArrowUp: -1 }[e.key]
    // Home and End as in the message menu (the menu pattern).
    const to = step ? at + step : { Home: 0, End: -1 }[e.key]
    if (to !== undefined) {
      e.preventDefault()
      items.at(to % items.length)?.focus()
    }
    // Tab leaves a menu as Escape does (the menu pattern, as the message menu's).
    if (e.key === 'Tab') {
      e.preventDefault()
      close()
      backToButton()
    }
  }
  return (
    <div className="menu" role="menu" id={id} aria-label="Profile" ref={ref} onKeyDown={onKeyDown}>
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
          backToButton()
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
  )
}
