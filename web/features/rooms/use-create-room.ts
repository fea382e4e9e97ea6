import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type RefObject } from 'react'
import { AddRoomRequest, normaliseHiddenName, roomNameTaken } from '../../../shared/schemas/room'
import { ERROR_TITLES } from '../../../shared/texts'
import { FORM_TEXTS } from '../../../shared/form-texts'
import { ApiError } from '../../lib/api-error'
import { toNotice, type Notice } from '../../lib/errors'
import { productApi } from '../../lib/product-api'
import { applyRoomEvent, randomColor, type Room } from './room-model'

/** A success's notice carries the new room's id (its "Open it"); a refused name marks the field. */
export type CreateRoomNotice = Notice & { roomId?: string; badName?: boolean }

/**
 * The create-room form's state and submit: checked with the Worker's own schema first (the form
 * keeps its texts), then POST /api/room/add; a success resets the form with a new colour and
 * leaves the cursor in the name for the next room (spec: the panel stays open).
 */
export function useCreateRoom(nameRef: RefObject<HTMLInputElement | null>) {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [color, setColor] = useState(randomColor)
  const [notice, setNotice] = useState<CreateRoomNotice | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    const request = AddRoomRequest.safeParse({ name, hiddenName: normaliseHiddenName(name), color })
    if (!request.success) {
      const issue = request.error.issues[0]
      // The name (or the hidden name made from it); an admin's hex colour keeps its own cursor.
      const badName = issue?.path[0] !== 'color'
      if (badName) nameRef.current?.focus()
      return setNotice({
        type: 'warning',
        title: ERROR_TITLES.createRoom,
        body: issue?.message ?? FORM_TEXTS.createRoomFieldsRequired,
        badName,
      })
    }
    // A name one of the rooms listed already has: said at once, without a refused request (the
    // server still checks, deleted rooms' names too).
    const listed = queryClient
      .getQueriesData<Room[]>({ queryKey: ['rooms'] })
      .flatMap(([, r]) => r ?? [])
    if (listed.some((r) => normaliseHiddenName(r.name) === request.data.hiddenName)) {
      nameRef.current?.focus()
      return setNotice({
        type: 'warning',
        title: ERROR_TITLES.createRoom,
        body: roomNameTaken(request.data.name),
        badName: true,
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
        body: `The room “${room.name}” was created.`,
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

  // The next room's name: the last one's notice has had its say.
  const rename = (value: string) => {
    setName(value)
    setNotice(null)
  }
  return { name, rename, color, setColor, notice, busy, submit }
}
