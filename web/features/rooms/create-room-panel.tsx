import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { ROOM_NAME_MAX } from '../../../shared/schemas/room'
import { TEXTS } from '../../../shared/texts'
import { globalState } from '../../state/global-state'
import { NoticeAlert } from '../auth/notice-alert'
import { LengthCount } from '../../lib/length-count'
import { useDismiss } from '../layout/use-dismiss'
import { useFocusTrap } from '../layout/use-focus-trap'
import { closeCreateRoom, refocusOpener } from './create-room-state'
import { isHexColor, randomColor } from './room-model'
import { useCreateRoom } from './use-create-room'
import { colourName } from './colour-name'

/**
 * Side panel "Create a new room"; after a success it resets with a new colour and stays open
 * (spec), its notice offering to open the new room. Its own chunk (with zod), loaded when first
 * opened.
 */
export default function CreateRoomPanel() {
  const { flags } = useSnapshot(globalState)
  const navigate = useNavigate()
  const nameRef = useRef<HTMLInputElement>(null)
  const { name, rename, color, setColor, notice, busy, submit } = useCreateRoom(nameRef)
  const panelRef = useRef<HTMLElement>(null)
  useFocusTrap(panelRef)

  // A modal dialog: focus starts in it, Escape (or a phone's Back) closes it, and focus then
  // returns to its opener.
  useDismiss(true, closeCreateRoom)
  useEffect(() => {
    nameRef.current?.focus()
    return refocusOpener
  }, [])

  // The room's composer takes the focus once it has opened, not the panel's opener.
  function openRoom(roomId: string) {
    void navigate({ to: '/rooms/$roomId', params: { roomId } })
    closeCreateRoom()
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
        <form className="panel-form" onSubmit={submit} noValidate aria-busy={busy}>
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
              maxLength={ROOM_NAME_MAX}
              aria-invalid={notice?.badName || undefined}
              onChange={(e) => rename(e.target.value)}
            />
          </label>
          <LengthCount
            length={name.length}
            max={ROOM_NAME_MAX}
            holds="a room name"
            className="field-count"
          />
          <div className="color-field">
            <span className="color-label" id="room-color-label">
              Colour
            </span>
            <span
              className="color-preview"
              style={{ background: isHexColor(color) ? color : '#fff' }}
              aria-hidden="true"
            />
            {/* The swatch in words, and a new one said as it comes. */}
            <span className="sr-only" aria-live="polite">
              {colourName(color) || 'No colour'}
            </span>
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
          {/* Focusable while busy (a disabled button drops the keyboard's focus); the form's
              submit ignores a second one meanwhile (use-create-room.ts). */}
          <button type="submit" className="primary" aria-disabled={busy || undefined}>
            Create room
          </button>
        </form>
      </aside>
    </>
  )
}
