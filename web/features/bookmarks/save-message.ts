import type { QueryClient } from '@tanstack/react-query'
import { BOOKMARK_TEXTS, bookmarkExcerpt } from '../../../shared/bookmark-texts'
import { isBackendError, toNotice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { globalState } from '../../state/global-state'
import type { DisplayItem } from '../chat/display-item'
import { loadBookmarkWrite } from '../chat/message-parts'
import type { Room } from '../rooms/room-model'
import { rememberSaved } from './room-bookmarks'
import { attachmentLabel } from '../chat/attachment-format'

/**
 * The message menu's "Bookmark": saves the message with its room and sender as they read now,
 * once (a second save says it is already there).
 */
export async function saveMessageBookmark(
  queryClient: QueryClient,
  roomId: string,
  item: DisplayItem,
) {
  const me = globalState.account
  if (!me || item.seq === null) return
  const rooms = queryClient
    .getQueriesData<Room[]>({ queryKey: ['rooms'] })
    .flatMap(([, r]) => r ?? [])
  const partner = globalState.chatee
  const untitled = item.attachment ? attachmentLabel(item.attachment) : item.gif ? 'GIF' : ''
  try {
    const { bookmarkMessage } = await loadBookmarkWrite()
    const { created, rowId } = await bookmarkMessage(me.$id, {
      messageId: item.key,
      roomId,
      roomName: rooms.find((r) => r.$id === roomId)?.name ?? 'Home',
      senderId: item.senderId,
      senderName:
        item.senderId === me.$id ? me.name : partner?.$id === item.senderId ? partner.name : '',
      excerpt: bookmarkExcerpt(item.text, untitled),
      seq: item.seq,
      at: item.at.toISOString(),
    })
    rememberSaved(queryClient, roomId, item.key, rowId)
    const body = created ? BOOKMARK_TEXTS.saved : BOOKMARK_TEXTS.alreadySaved
    notify({ type: created ? 'success' : 'info', title: 'Bookmarks', body })
  } catch (err) {
    notify(toNotice('bookmark', err))
  }
}

/** The message menu's "Remove bookmark", for a message saved before. */
export async function removeMessageBookmark(
  queryClient: QueryClient,
  roomId: string,
  messageId: string,
  rowId: string,
) {
  try {
    await (await loadBookmarkWrite()).removeBookmark(rowId)
  } catch (err) {
    // Already removed elsewhere (the bookmarks page, another tab): what was asked holds.
    if (!(isBackendError(err) && err.code === 404)) return notify(toNotice('remove bookmark', err))
  }
  rememberSaved(queryClient, roomId, messageId)
  notify({ type: 'success', title: 'Bookmarks', body: BOOKMARK_TEXTS.removed })
}
