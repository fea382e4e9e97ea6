import { useQueryClient } from '@tanstack/react-query'
import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import {
  AddRoomRequest,
  normaliseHiddenName,
  ROOM_NAME_MAX,
  roomNameTaken,
} from '../../../shared/schemas/room'
import { tablesDB } from '../../lib/appwrite'
import { isBackendError, toNotice } from '../../lib/errors'
import { LengthCount } from '../../lib/length-count'
import { notify } from '../../lib/notify'
import { usePanelPlacement } from '../chat/use-panel-placement'
import { applyRoomEvent, type Room } from './room-model'

type Props = { room: Room; close: () => void }

/** Up and down move between the items (the menu pattern). */
function arrows(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
  e.preventDefault()
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')]
  const i = items.indexOf(document.activeElement as HTMLElement)
  items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus()
}
type Change = Partial<Pick<Room, 'name' | 'isDeleted'>> & { hiddenName?: string }

/**
 * The admin's changes to a room, written with the SDK (the rooms table lets the admin team
 * update): the partner's list follows through realtime, a deleted room leaves it (the admin view
 * keeps it, to read and restore). Home is not offered.
 */
export default function RoomOptions({ room, close }: Props) {
  const queryClient = useQueryClient()
  const [view, setView] = useState<'menu' | 'rename' | 'delete'>('menu')
  const [name, setName] = useState(room.name)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const panel = useRef<HTMLDivElement>(null)
  // Inside the window on a phone too: the button sits at the header's end.
  usePanelPlacement(panel, null, view)
  useEffect(() => panel.current?.querySelector<HTMLElement>('input, button')?.focus(), [view])

  async function change(data: Change, done: string, action: string) {
    if (busy) return
    setBusy(true)
    try {
      const row = await tablesDB.updateRow({
        databaseId: DATABASE_ID,
        tableId: TABLE_IDS.rooms,
        rowId: room.$id,
        data,
      })
      const next = { ...room, ...data, $id: row.$id }
      queryClient.setQueriesData<Room[]>(
        { queryKey: ['rooms'] },
        (rooms) => rooms && applyRoomEvent(rooms, next, false),
      )
      notify({ type: 'success', title: 'Rooms', body: done })
      close()
    } catch (err) {
      if (isBackendError(err) && err.code === 409) setProblem(roomNameTaken(name.trim()))
      else setProblem(toNotice(action, err).body)
    } finally {
      setBusy(false)
    }
  }

  function rename(e: FormEvent) {
    e.preventDefault()
    const checked = AddRoomRequest.safeParse({ name, color: room.color })
    if (!checked.success) return setProblem(checked.error.issues[0]!.message)
    const next = checked.data.name
    if (next === room.name) return close()
    void change(
      { name: next, hiddenName: normaliseHiddenName(next) },
      `Renamed to “${next}”.`,
      'rename room',
    )
  }

  return (
    <div className="menu room-options-panel" ref={panel}>
      {view === 'menu' && (
        <div role="menu" aria-label={`Options of ${room.name}`} onKeyDown={arrows}>
          <button type="button" role="menuitem" onClick={() => setView('rename')}>
            Rename room
          </button>
          {room.isDeleted ? (
            <button
              type="button"
              role="menuitem"
              onClick={() =>
                void change(
                  { isDeleted: false },
                  `“${room.name}” is back for both of you.`,
                  'restore room',
                )
              }
            >
              Restore room
            </button>
          ) : (
            <button type="button" role="menuitem" onClick={() => setView('delete')}>
              Delete room
            </button>
          )}
        </div>
      )}
      {view === 'rename' && (
        <form className="room-rename" onSubmit={rename} aria-label="Rename room" noValidate>
          <label>
            Room name
            <input
              value={name}
              maxLength={ROOM_NAME_MAX}
              aria-invalid={problem ? true : undefined}
              onChange={(e) => (setName(e.target.value), setProblem(null))}
            />
          </label>
          <LengthCount
            length={name.length}
            max={ROOM_NAME_MAX}
            holds="a room name"
            className="field-count"
          />
          {problem && <p role="alert">{problem}</p>}
          <Actions cancel={close}>
            <button type="submit" className="primary" aria-disabled={busy || undefined}>
              Save
            </button>
          </Actions>
        </form>
      )}
      {view === 'delete' && (
        <div role="alertdialog" aria-label="Delete room" className="room-options-confirm">
          <p>
            Delete “{room.name}”? Your partner will no longer see it. The admin view keeps it, to
            read and restore.
          </p>
          {problem && <p role="alert">{problem}</p>}
          <Actions cancel={close}>
            <button
              type="button"
              className="danger"
              aria-disabled={busy || undefined}
              onClick={() =>
                void change({ isDeleted: true }, `“${room.name}” was deleted.`, 'delete room')
              }
            >
              Delete
            </button>
          </Actions>
        </div>
      )}
    </div>
  )
}

/** Cancel first (the safe answer, which has the focus), then the change. */
function Actions({ cancel, children }: { cancel: () => void; children: ReactNode }) {
  return (
    <div className="room-options-actions">
      <button type="button" className="secondary" onClick={cancel}>
        Cancel
      </button>
      {children}
    </div>
  )
}
