import { Hono } from 'hono'
import {
  DeleteMessageRequest,
  EDIT_WINDOW_MS,
  EditMessageRequest,
  ReactRequest,
  type ReactResponse,
} from '../../shared/schemas'
import { isConflict, isNotFound, q } from '../backend'
import { ApiError } from '../lib/api-error'
import { stableId } from '../lib/stable-id'
import { validate } from '../lib/validate'
import { assertSelf } from '../middleware/auth'
import type { ApiHono } from '../middleware/context'
import { fileShownElsewhere, ownMessage, TOMBSTONE } from '../services/message-row'
import { rewordBookmarks, rowExcerpt } from '../services/bookmark-excerpts'
import { rowSearchText } from '../../shared/text-format'
import { later } from '../lib/background'
import { pushChange, pushReaction } from '../services/push/message-push'
import { toMessage, type MessageData } from './message'

/**
 * Edit, delete and react. Mounted inside the message area (worker/routes/message.ts), whose
 * middleware has already verified the caller. Rows are written with the server key only, so
 * no client can write these columns or rows as anyone else.
 */
const actions = new Hono<ApiHono>()
  .post('/edit', validate('json', EditMessageRequest), async (c) => {
    const { messageId, message: text } = c.req.valid('json')
    const { caller, backend } = c.var
    const row = await ownMessage(backend, caller.$id, messageId)
    if (row.deletedAt) throw new ApiError(409, 'This message was deleted', 'message_deleted')
    if (Date.now() - Date.parse(row.$createdAt) > EDIT_WINDOW_MS)
      throw new ApiError(403, 'Messages can only be edited for 24 hours', 'edit_window_closed')
    if (!text && !row.fileId && !row.gifUrl)
      throw new ApiError(400, 'message must not be empty', 'validation_failed')
    // A retried edit with the same text changes nothing (and keeps its edit time), but for its
    // bookmarks below, which a failure after the row's write may have left behind.
    if (text === row.message) {
      await rewordBookmarks(backend, messageId, rowExcerpt(text, row))
      return c.json(toMessage(row), 200)
    }
    // The row is overwritten in place: the old text is kept nowhere (no history, no copy).
    const updated = await backend.updateRow<MessageData>('messages', messageId, {
      message: text,
      searchText: rowSearchText(text, row),
      editedAt: new Date().toISOString(),
    })
    // Then its bookmarks take the new words: a bookmarks page that hears of it reads the row
    // edited already.
    await rewordBookmarks(backend, messageId, rowExcerpt(text, row))
    later(c, pushChange(backend, c.var.config, caller, updated, 'edited'))
    return c.json(toMessage(updated), 200)
  })
  .post('/delete', validate('json', DeleteMessageRequest), async (c) => {
    const { messageId } = c.req.valid('json')
    const { caller, backend } = c.var
    const row = await ownMessage(backend, caller.$id, messageId)
    // A retry: its bookmarks may be all that a failure left to do.
    if (row.deletedAt) {
      await rewordBookmarks(backend, messageId, '')
      return c.json(toMessage(row), 200)
    }
    // The file goes first: if anything below fails, a retry finds the row unchanged and does it
    // all. Not while another message (a forward of it, or the one it was forwarded from) shows it.
    const { fileId, thumbId } = row
    const dropFile = async () => {
      if (thumbId) await backend.deleteFile(thumbId)
      if (fileId) await backend.deleteFile(fileId)
    }
    const shared = !!fileId && (await fileShownElsewhere(backend, fileId, messageId))
    if (!shared) await dropFile()
    const reactions = await backend.listRows('reactions', [
      q.equal('messageId', messageId),
      q.limit(5000),
    ])
    for (const r of reactions.rows)
      await backend.deleteRow('reactions', r.$id).catch((err: unknown) => {
        if (!isNotFound(err)) throw err
      })
    const updated = await backend.updateRow<MessageData>('messages', messageId, {
      ...TOMBSTONE,
      deletedAt: new Date().toISOString(),
    } as Partial<MessageData>)
    // A file kept for another message is asked about again now that this row shows it no more:
    // two such messages deleted at once each saw the other before either was a tombstone.
    if (shared && !(await fileShownElsewhere(backend, fileId!, messageId))) await dropFile()
    // Its bookmarks keep nothing of what it said either: deleted for everyone means from the
    // partner's saved copy too (the bookmark stays, saying the message was deleted). After the
    // tombstone, so a bookmarks page that hears of it finds the message deleted.
    await rewordBookmarks(backend, messageId, '')
    later(c, pushChange(backend, c.var.config, caller, updated, 'deleted'))
    return c.json(toMessage(updated), 200)
  })
  .post('/react', validate('json', ReactRequest), async (c) => {
    const { messageId, emoji, on, userId } = c.req.valid('json')
    const { caller, backend } = c.var
    assertSelf(caller, userId)
    const row = await backend.getRow<MessageData>('messages', messageId)
    if (!row) throw new ApiError(404, 'This message does not exist')
    if (row.kind === 'system')
      throw new ApiError(403, 'System notices take no reactions', 'system_message')
    if (row.deletedAt) throw new ApiError(409, 'This message was deleted', 'message_deleted')
    // One row per (user, message, emoji): a retried reaction collides, a retried removal finds none.
    const rowId = await stableId('r', caller.$id, messageId, emoji)
    const answer: ReactResponse = { messageId, emoji, on }
    try {
      if (on)
        await backend.createRow('reactions', rowId, {
          messageId,
          roomId: row.roomId,
          userId: caller.$id,
          emoji,
        })
      else await backend.deleteRow('reactions', rowId)
    } catch (err) {
      if (!(on ? isConflict(err) : isNotFound(err))) throw err
      // A retry: its first attempt made the change, and told the partner of it.
      return c.json(answer, 200)
    }
    if (on) later(c, pushReaction(backend, c.var.config, caller, row, emoji))
    return c.json(answer, 200)
  })

export default actions
