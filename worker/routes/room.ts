import { Hono } from 'hono'
import { AddRoomRequest, normaliseHiddenName, roomNameTaken, type Room } from '../../shared/schemas'
import { isConflict, q, type Row } from '../backend'
import { ApiError } from '../lib/api-error'
import { validate } from '../lib/validate'
import { requireCaller, withBackend } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'

const duplicate = (name: string) => new ApiError(409, roomNameTaken(name))

const toRoom = (r: Row<Omit<Room, '$id'>>): Room => ({
  $id: r.$id,
  name: r.name,
  hiddenName: r.hiddenName,
  color: r.color,
  isDeleted: r.isDeleted === true,
})

const room = new Hono<ApiHono>()
  .use('*', withBackend, requireCaller)
  // The unique key comes from the name itself (a sent hiddenName must equal it, see the schema):
  // a name that differs from an existing room's only in case or spacing is a duplicate.
  .post('/add', validate('json', AddRoomRequest), async (c) => {
    const { name, color } = c.req.valid('json')
    const hiddenName = normaliseHiddenName(name)
    const { caller, backend } = c.var
    const taken = await backend.listRows('rooms', [q.equal('hiddenName', hiddenName), q.limit(1)])
    if (taken.total > 0 || taken.rows.length > 0) throw duplicate(name)
    try {
      const row = await backend.createRow<Omit<Room, '$id'> & { createdBy: string }>(
        'rooms',
        'unique()',
        { name, hiddenName, color, isDeleted: false, createdBy: caller.$id },
      )
      return c.json({ state: true as const, room: toRoom(row) }, 201)
    } catch (err) {
      // The unique index caught a concurrent create of the same name.
      if (isConflict(err)) throw duplicate(name)
      throw err
    }
  })

export default room
