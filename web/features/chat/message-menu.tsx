import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { EDIT_WINDOW_MS } from '../../../shared/constants'
import { roomBookmarksQuery } from '../bookmarks/room-bookmarks'
import { BookmarkMenuItem } from './bookmark-menu-item'
import { messageTextId, type DisplayItem } from './display-item'
import { startEdit, startReply } from './message-intent'
import { copyText, deleteMessage } from './message-ops'
import { MenuItem } from './menu-item'
import { MessageParts } from './message-parts'
import { useRoom, useSearchTerm, type RoomContext } from './room-context'
import { setSearch } from '../../state/ui-state'
import { usePanelPlacement } from './use-panel-placement'
import { useRowPress } from './use-row-press'

type View = 'menu' | 'react' | 'delete'

/**
 * The "⋯" beside a stored message (shown on hover and focus; a long press or right click opens
 * it too): Reply, React, Copy text, Bookmark (or Remove bookmark), and for the sender Edit (24 h) and Delete; a
 * search result first offers "Show in chat". Arrow keys move between the items, Escape closes
 * and gives the focus back.
 */
export function MessageMenu({ item, mine }: { item: DisplayItem; mine: boolean }) {
  const room = useRoom()
  const searching = !!useSearchTerm()
  const queryClient = useQueryClient()
  const [view, setView] = useState<View | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const close = (refocus = true) => {
    setView(null)
    if (refocus) button.current?.focus()
  }

  // A long press (touch) or a right click on the row opens the menu.
  const openMenu = useCallback(() => setView('menu'), [])
  useRowPress(button, openMenu)

  usePanelPlacement(panel, button, view)

  // Focus the first item on opening; a click elsewhere closes.
  useEffect(() => {
    if (!view) return
    // A confirmation starts on its safe choice: Enter right after "Delete" must not delete.
    const panelEl = panel.current
    const safe = panelEl?.querySelector<HTMLElement>('[data-autofocus]')
    ;(safe ?? panelEl?.querySelector<HTMLElement>('button, input'))?.focus()
    const away = (e: PointerEvent) => {
      const t = e.target as Node
      if (!panel.current?.contains(t) && !button.current?.contains(t)) close(false)
    }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [view])

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') return (e.preventDefault(), close())
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    const items = [...(panel.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])]
    const at = items.indexOf(document.activeElement as HTMLElement)
    items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus()
    e.preventDefault()
  }

  // The room's saved messages, read as the menu is about to be used, so it opens knowing them.
  const readSaved = () => void queryClient.prefetchQuery(roomBookmarksQuery(room.roomId))
  const editable = mine && Date.now() - item.at.getTime() < EDIT_WINDOW_MS
  const act = (fn: () => void) => () => (close(false), fn())
  return (
    <div className="msg-actions">
      <button
        ref={button}
        type="button"
        className="msg-menu-button"
        aria-label="Message actions"
        // Moving between messages with the arrows (use-log-keys.ts) then reads each one's text.
        aria-describedby={item.text ? messageTextId(item.key) : undefined}
        aria-haspopup="menu"
        aria-expanded={!!view}
        onClick={() => (view ? close() : setView('menu'))}
        onPointerEnter={readSaved}
        onFocus={readSaved}
      >
        ⋯
      </button>
      {view && (
        <div ref={panel} className="msg-menu" onKeyDown={onKeyDown}>
          {view === 'menu' && (
            <div role="menu" aria-label="Message actions">
              {searching && (
                <MenuItem onClick={act(() => showInChat(room, item.key))}>Show in chat</MenuItem>
              )}
              <MenuItem onClick={act(() => startReply(room.roomId, item.key))}>Reply</MenuItem>
              <MenuItem onClick={() => setView('react')}>React</MenuItem>
              {item.text && (
                <MenuItem onClick={act(() => void copyText(item.text))}>Copy text</MenuItem>
              )}
              <BookmarkMenuItem roomId={room.roomId} item={item} done={() => close(false)} />
              {editable && (
                <MenuItem onClick={act(() => startEdit(item.key, button.current))}>Edit</MenuItem>
              )}
              {mine && <MenuItem onClick={() => setView('delete')}>Delete</MenuItem>}
            </div>
          )}
          {view === 'react' && (
            <Suspense fallback={null}>
              <MessageParts.ReactionPicker
                at={{ ...room, messageId: item.key }}
                onDone={() => close()}
              />
            </Suspense>
          )}
          {view === 'delete' && (
            <div role="alertdialog" aria-label="Delete message" className="msg-confirm">
              <p>Delete this message for everyone?</p>
              <button
                type="button"
                className="danger"
                onClick={act(() => void deleteMessage(queryClient, item.key))}
              >
                Delete
              </button>
              <button type="button" className="secondary" data-autofocus onClick={() => close()}>
                Cancel
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  )
}

/**
 * Leaves the search for the whole room at that message: the list first draws every row again
 * (its own effect then pins the bottom), and the jump comes after that frame.
 */
function showInChat(room: RoomContext, messageId: string) {
  setSearch('')
  requestAnimationFrame(() => requestAnimationFrame(() => room.jumpTo(messageId)))
}
