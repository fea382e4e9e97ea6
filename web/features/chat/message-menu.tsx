import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { EDIT_WINDOW_MS } from '../../../shared/constants'
import { roomBookmarksQuery } from '../bookmarks/room-bookmarks'
import { BookmarkMenuItem } from './bookmark-menu-item'
import { messageTextId, type DisplayItem } from './display-item'
import { startEdit, startReply } from './message-intent'
import { copyText, deleteMessage } from './message-ops'
import { MenuItem } from './menu-item'
import { loadLogKeys, MessageParts } from './message-parts'
import { useRoom, useSearchTerm, type RoomContext } from './room-context'
import { setSearch } from '../../state/ui-state'
import { usePanelPlacement } from './use-panel-placement'
import { useRowPress } from './use-row-press'

type View = 'menu' | 'react' | 'delete'

/**
 * The "⋯" beside a stored message (shown on hover and focus; a long press or right click opens
 * it too): Reply, React, Copy text, Bookmark (or Remove bookmark), and for the sender Edit
 * (24 h) and Delete; a search result first offers "Show in chat". Arrow keys move between the
 * items; Escape or Tab closes and gives the focus back.
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
    // Tab leaves a menu as Escape does (the menu pattern); a confirmation or the picker keeps it.
    if (e.key === 'Escape' || (e.key === 'Tab' && view === 'menu'))
      return (e.preventDefault(), close())
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    const items = [...(panel.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])]
    const at = items.indexOf(document.activeElement as HTMLElement)
    items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus()
    e.preventDefault()
  }

  const editable = mine && Date.now() - item.at.getTime() < EDIT_WINDOW_MS
  // Reply, Edit and "Show in chat" move the focus themselves; Copy text gives it back to "⋯".
  const act =
    (fn: () => void, refocus = false) =>
    () => (close(refocus), fn())
  // The deleted row keeps no "⋯": the focus goes on to the message beside it, chosen before the
  // row changes. The delete does not wait on that: a chunk that cannot load only loses the focus.
  const remove = async () => {
    close(false)
    const from = button.current
    await loadLogKeys().then(
      (keys) => keys.focusBeside(from),
      () => undefined,
    )
    await deleteMessage(queryClient, item.key)
  }
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
        <div ref={panel} className="msg-menu" onKeyDown={onKeyDown}>
          {view === 'menu' && (
            <div role="menu" aria-label="Message actions">
              {searching && (
                <MenuItem onClick={act(() => showInChat(room, item.key))}>Show in chat</MenuItem>
              )}
              <MenuItem onClick={act(() => startReply(room.roomId, item.key))}>Reply</MenuItem>
              <MenuItem onClick={() => setView('react')}>React</MenuItem>
              {item.text && (
                <MenuItem onClick={act(() => void copyText(item.text), true)}>Copy text</MenuItem>
              )}
              <BookmarkMenuItem roomId={room.roomId} item={item} done={() => close()} />
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
              <button type="button" className="danger" onClick={() => void remove()}>
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
