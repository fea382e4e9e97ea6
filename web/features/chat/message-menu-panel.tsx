import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import { EDIT_WINDOW_MS } from '../../../shared/constants'
import { BookmarkMenuItem } from './bookmark-menu-item'
import { PinMenuItem, ReplacePin } from './pin-menu-item'
import type { DisplayItem } from './display-item'
import { startEdit, startReply } from './message-intent'
import { copyText, deleteMessage } from './message-ops'
import { MenuItem } from './menu-item'
import { loadLogKeys, MessageParts } from './message-parts'
import { useRoom, useSearchTerm } from './room-context'
import { showInChat } from './jump-target'
import { usePanelPlacement } from './use-panel-placement'
import { QuickReactions } from './quick-reactions'
import { canForward } from './forward'
import { ForwardMenu } from './forward-menu'

export type MenuView = 'menu' | 'react' | 'delete' | 'pin' | 'forward'

type Props = {
  view: MenuView
  setView: (view: MenuView) => void
  item: DisplayItem
  mine: boolean
  /** The "⋯" it opened from: placed beside it, and the focus goes back to it. */
  button: RefObject<HTMLButtonElement | null>
  close: (refocus?: boolean) => void
}

/**
 * The open message menu (message-menu.tsx), a chunk of its own loaded once the room has settled
 * (message-parts.ts): its items, the reaction picker or the delete confirmation. Arrow keys, Home
 * and End move between the items; Escape or Tab closes and gives the focus back; a click
 * elsewhere closes.
 */
export default function MessageMenuPanel({ view, setView, item, mine, button, close }: Props) {
  const room = useRoom()
  const searching = !!useSearchTerm()
  const queryClient = useQueryClient()
  const panel = useRef<HTMLDivElement>(null)
  usePanelPlacement(panel, button, view)
  // A right click's point (row-press.ts) serves this opening only, whichever view it shows.
  useEffect(() => () => void delete button.current?.dataset.at, [button])

  // Focus the first item of each view; a click elsewhere closes.
  useEffect(() => {
    // A confirmation starts on its safe choice: Enter right after "Delete" must not delete.
    // The menu starts on its first item (Reply), past the quick reactions' row above it.
    const panelEl = panel.current
    const first = panelEl?.querySelector<HTMLElement>('[data-autofocus], [role=menuitem]')
    ;(first ?? panelEl?.querySelector<HTMLElement>('button, input'))?.focus()
    const away = (e: PointerEvent) => {
      const t = e.target as Node
      if (!panel.current?.contains(t) && !button.current?.contains(t)) close(false)
    }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [view, button, close])

  function onKeyDown(e: KeyboardEvent) {
    // Tab leaves a menu as Escape does (the menu pattern); a confirmation or the picker keeps it.
    if (e.key === 'Escape' || (e.key === 'Tab' && (view === 'menu' || view === 'forward')))
      return (e.preventDefault(), close())
    const root = panel.current
    const row = [...(root?.querySelectorAll<HTMLElement>('.quick-reactions button') ?? [])]
    // Up and down go through the items, the quick reactions' row one stop above them; left and
    // right move along that row.
    const items = [
      ...row.slice(0, 1),
      ...(root?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? []),
    ]
    const inRow = row.indexOf(document.activeElement as HTMLElement)
    const side = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (inRow >= 0 && side) {
      row[(inRow + side + row.length) % row.length]!.focus()
      return e.preventDefault()
    }
    const at = inRow >= 0 ? 0 : items.indexOf(document.activeElement as HTMLElement)
    const to =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? items.length - 1
          : e.key === 'ArrowDown'
            ? (at + 1) % items.length
            : e.key === 'ArrowUp'
              ? (at + items.length - 1) % items.length
              : -1
    if (to < 0 || !items.length) return
    items[to]!.focus()
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
    <div ref={panel} className="msg-menu" onKeyDown={onKeyDown}>
      {view === 'menu' && (
        <div role="menu" aria-label="Message actions">
          <QuickReactions messageId={item.key} done={() => close()} />
          {searching && (
            <MenuItem onClick={act(() => showInChat(room.jumpTo, item.key))}>Show in chat</MenuItem>
          )}
          <MenuItem onClick={act(() => startReply(room.roomId, item.key))}>Reply</MenuItem>
          <MenuItem onClick={() => setView('react')}>React</MenuItem>
          {item.text && (
            <MenuItem onClick={act(() => void copyText(item.text), true)}>Copy text</MenuItem>
          )}
          {canForward(item) && <MenuItem onClick={() => setView('forward')}>Forward</MenuItem>}
          <BookmarkMenuItem roomId={room.roomId} item={item} done={() => close()} />
          {item.seq !== null && (
            <PinMenuItem
              roomId={room.roomId}
              item={item}
              done={() => close()}
              full={() => setView('pin')}
            />
          )}
          {editable && (
            <MenuItem onClick={act(() => startEdit(item.key, button.current))}>Edit</MenuItem>
          )}
          {mine && (
            <MenuItem danger onClick={() => setView('delete')}>
              Delete
            </MenuItem>
          )}
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
      {view === 'forward' && <ForwardMenu item={item} close={close} />}
      {view === 'pin' && (
        <ReplacePin roomId={room.roomId} messageId={item.key} done={() => close()} />
      )}
      {view === 'delete' && (
        <div role="alertdialog" aria-label="Delete message" className="msg-confirm">
          <p>Delete this message for everyone?</p>
          {/* As every confirmation of the app: Cancel first, where the focus starts. */}
          <div className="msg-confirm-actions">
            <button type="button" className="secondary" data-autofocus onClick={() => close()}>
              Cancel
            </button>
            <button type="button" className="danger" onClick={() => void remove()}>
              Delete
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
