import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { AddRoomRequest, normaliseHiddenName } from '../../../shared/schemas/room'
import { ERROR_TITLES, TEXTS } from '../../../shared/texts'
import { ApiError } from '../../lib/api-error'
import { toNotice, type Notice } from '../../lib/errors'
import { productApi } from '../../lib/product-api'
import { globalState } from '../../state/global-state'
import { NoticeAlert } from '../auth/notice-alert'
import { useFocusTrap } from '../layout/use-focus-trap'
import { closeCreateRoom, refocusOpener } from './create-room-state'
import { applyRoomEvent, isHexColor, randomColor, type Room } from './room-model'

/**
 * Side panel "Create a new room"; after a success it resets with a new colour and stays open
 * (spec), its notice offering to open the new room. Its own chunk (with zod), loaded when first
 * opened.
 */
export default function CreateRoomPanel() {
  const { flags } = useSnapshot(globalState)
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [color, setColor] = useState(randomColor)
  // A success's notice carries the new room's id, for its "Open it"; a refusal of the name (empty,
  // or taken) marks the field.
  const [notice, setNotice] = useState<(Notice & { roomId?: string; badName?: boolean }) | null>(
    null,
  )
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const nameRef = useRef<HTMLInputElement>(null)
  const panelRef = useRef<HTMLElement>(null)
  useFocusTrap(panelRef)

  // A modal dialog: focus starts in it, Escape closes it, and focus then returns to its opener.
  useEffect(() => {
    nameRef.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeCreateRoom()
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      refocusOpener()
    }
  }, [])

  // The room's composer takes the focus once it has opened, not the panel's opener.
  function openRoom(roomId: string) {
    void navigate({ to: '/rooms/$roomId', params: { roomId } })
    closeCreateRoom()
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    // The Worker validates with the same schema; checking here first keeps the form's texts.
    const request = AddRoomRequest.safeParse({ name, hiddenName: normaliseHiddenName(name), color })
    if (!request.success) {
      const issue = request.error.issues[0]
      // The name (or the hidden name made from it); an admin's hex colour keeps its own cursor.
      const badName = issue?.path[0] !== 'color'
      if (badName) nameRef.current?.focus()
      return setNotice({
        type: 'warning',
        title: ERROR_TITLES.createRoom,
        body: issue?.message ?? TEXTS.createRoomFieldsRequired,
        badName,
      })
    }
    setBusy(true)
    try {
      const { room } = await productApi.addRoom(request.data)
      queryClient.setQueriesData<Room[]>({ queryKey: ['rooms'] }, (rooms) =>
        rooms ? applyRoomEvent(rooms, room, false) : rooms,
      )
      setNotice({
        type: 'success',
        title: ERROR_TITLES.createRoom,
        body: `The room "${room.name}" was created.`,
        roomId: room.$id,
      })
      setName('')
      setColor(randomColor())
      nameRef.current?.focus()
    } catch (err) {
      const taken = err instanceof ApiError && err.status === 409
      setNotice({ ...toNotice(ERROR_TITLES.createRoom, err), badName: taken })
      nameRef.current?.focus()
    } finally {
      setBusy(false)
    }
  }

  const createdId = notice?.roomId
  return (
    <>
      <div className="backdrop panel-backdrop" onClick={closeCreateRoom} aria-hidden="true" />
      <aside
        ref={panelRef}
        className="side-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="create-room-title"
      >
        <header className="side-panel-head">
          <h2 id="create-room-title">{TEXTS.createRoomTitle}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={closeCreateRoom}
            aria-label="Close panel"
          >
            ×
          </button>
        </header>
        <form className="panel-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
          {notice && (
            <NoticeAlert notice={notice}>
              {createdId && (
                <>
                  {' '}
                  <button type="button" className="link" onClick={() => openRoom(createdId)}>
                    Open it
                  </button>
                </>
              )}
            </NoticeAlert>
          )}
          <label>
            Room name
            <input
              ref={nameRef}
              name="name"
              value={name}
              maxLength={64}
              aria-invalid={notice?.badName || undefined}
              onChange={(e) => {
                setName(e.target.value)
                // The next room's name: the last one's notice has had its say.
                setNotice(null)
              }}
            />
          </label>
          <div className="color-field">
            <span className="color-label" id="room-color-label">
              Colour
            </span>
            <span
              className="color-preview"
              style={{ background: isHexColor(color) ? color : '#fff' }}
              aria-hidden="true"
            />
            <button type="button" className="secondary" onClick={() => setColor(randomColor())}>
              New colour
            </button>
            {flags.isAdmin && (
              <label className="hex-field">
                Hex colour
                <input
                  name="color"
                  value={color}
                  maxLength={7}
                  onChange={(e) => setColor(e.target.value.trim())}
                />
              </label>
            )}
          </div>
          <button type="submit" className="primary" disabled={busy}>
            Create room
          </button>
        </form>
      </aside>
    </>
  )
}
