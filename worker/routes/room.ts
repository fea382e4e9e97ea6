import { Hono } from 'hono'
import { AddRoomRequest, normaliseHiddenName, type Room } from '../../shared/schemas'
import { isConflict, q, type Row } from '../backend'
import { ApiError } from '../lib/api-error'
import { validate } from '../lib/validate'
import { requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'

const duplicate = (hiddenName: string) =>
  new ApiError(409, `A room with the hidden name "${hiddenName}" already exists - choose another`)

const toRoom = (r: Row<Omit<Room, '$id'>>): Room => ({
  $id: r.$id,
  name: r.name,
  hiddenName: r.hiddenName,
  color: r.color,
  isDeleted: r.isDeleted === true,
})

const room = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  .post('/add', validate('json', AddRoomRequest), async (c) => {
    const { name, color } = c.req.valid('json')
    const hiddenName = normaliseHiddenName(c.req.valid('json').hiddenName)
    const { caller, backend } = c.var
    const taken = await backend.listRows('rooms', [q.equal('hiddenName', hiddenName), q.limit(1)])
    if (taken.total > 0 || taken.rows.length > 0) throw duplicate(hiddenName)
    try {
      const row = await backend.createRow<Omit<Room, '$id'> & { createdBy: string }>(
        'rooms',
        'unique()',
        { name, hiddenName, color, isDeleted: false, createdBy: caller.$id },
      )
      return c.json({ state: true as const, room: toRoom(row) }, 201)
    } catch (err) {
      // The unique index caught a concurrent create of the same hidden name.
      if (isConflict(err)) throw duplicate(hiddenName)
      throw err
    }
  })

export default room
