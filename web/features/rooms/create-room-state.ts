import { proxy } from 'valtio'

export const createRoomState = proxy({ open: false })

// The control that opened the panel (not state to render, so outside the proxy).
let opener: HTMLElement | null = null

export const openCreateRoom = (from?: HTMLElement | null) => {
  opener = from ?? null
  createRoomState.open = true
}
export const closeCreateRoom = () => {
  createRoomState.open = false
}

/**
 * Focus goes back to the control that opened the panel; if that is gone or hidden (the drawer
 * closed meanwhile), to the menu button that reopens the drawer.
 */
export function refocusOpener() {
  const target =
    opener?.isConnected && opener.checkVisibility()
      ? opener
      : document.querySelector<HTMLElement>('button[aria-controls="sidebar"]')
  target?.focus()
}
