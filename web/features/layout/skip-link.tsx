import { useLocation } from '@tanstack/react-router'
import { roomIdOf } from '../chat/room-path'

export const MAIN_ID = 'main-content'

/**
 * The signed-in page's first control, shown when focused: past the sidebar and top bar, to the
 * message log on a chat page, else to the page's content.
 */
export function SkipLink() {
  const { pathname } = useLocation()
  const chat = roomIdOf(pathname) !== null
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        // Focus, not the address bar's hash: the router owns the URL.
        e.preventDefault()
        const log = chat ? document.querySelector<HTMLElement>('[role="log"]') : null
        ;(log ?? document.getElementById(MAIN_ID))?.focus()
      }}
    >
      {chat ? 'Skip to messages' : 'Skip to content'}
    </a>
  )
}
