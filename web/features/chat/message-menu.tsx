import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useCallback, useRef, useState } from 'react'
import { roomBookmarksQuery } from '../bookmarks/room-bookmarks'
import { messageTextId, type DisplayItem } from './display-item'
import type { MenuView } from './message-menu-panel'
import { MessageParts } from './message-parts'
import { useRoom } from './room-context'

/**
 * The "⋯" beside a stored message (shown on hover and focus; a long press or right click opens
 * it too, row-press.ts): Reply, React, Copy text, Bookmark (or Remove bookmark), and for the sender Edit
 * (24 h) and Delete; a search result first offers "Show in chat" (message-menu-panel.tsx).
 */
export function MessageMenu({ item, mine }: { item: DisplayItem; mine: boolean }) {
  const room = useRoom()
  const queryClient = useQueryClient()
  const [view, setView] = useState<MenuView | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const close = useCallback((refocus = true) => {
    setView(null)
    if (refocus) button.current?.focus()
  }, [])

  // A long press (touch) or a right click on the row opens the menu through the "⋯" (row-press.ts).

  return (
    <div
      className="msg-actions"
      // The focus moved on to another control (a Tab out of a confirmation or the picker): the
      // panel goes. A tap's focus on the log itself (tabindex -1) is not a move away.
      onBlur={(e) => {
        const to = e.relatedTarget as HTMLElement | null
        if (view && to && to.tabIndex >= 0 && !e.currentTarget.contains(to)) close(false)
      }}
    >
      <button
        ref={button}
        type="button"
        className="msg-menu-button"
        aria-label="Message actions"
        // Moving between messages with the arrows (log-keys.ts) then reads each one's text.
        aria-describedby={item.text ? messageTextId(item.key) : undefined}
        aria-haspopup="menu"
        aria-expanded={!!view}
        onClick={() => (view ? close() : setView('menu'))}
        // The room's saved messages, for the menu to know them when it opens (read anyway once
        // the room has settled, chat-room.tsx).
        onFocus={() => void queryClient.prefetchQuery(roomBookmarksQuery(room.roomId))}
      >
        ⋯
      </button>
      {view && (
        <Suspense fallback={null}>
          <MessageParts.MenuPanel
            view={view}
            setView={setView}
            item={item}
            mine={mine}
            button={button}
            close={close}
          />
        </Suspense>
      )}
    </div>
  )
}
