import type { QueryClient } from '@tanstack/react-query'
import { BOOKMARK_TEXTS, bookmarkExcerpt } from '../../../shared/bookmark-texts'
import { isBackendError, isNetworkFailure, toNotice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { globalState } from '../../state/global-state'
import type { DisplayItem } from '../chat/display-item'
import { loadBookmarkWrite, loadMessageOps } from '../chat/message-parts'
import type { Saving } from '../chat/action-queue-store'
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
  const saved = {
    messageId: item.key,
    roomId,
    roomName: rooms.find((r) => r.$id === roomId)?.name ?? 'Home',
    senderId: item.senderId,
    senderName:
      item.senderId === me.$id ? me.name : partner?.$id === item.senderId ? partner.name : '',
    excerpt: bookmarkExcerpt(item.text, untitled),
    seq: item.seq,
    at: item.at.toISOString(),
  }
  try {
    const { bookmarkMessage } = await loadBookmarkWrite()
    const { created, rowId } = await bookmarkMessage(me.$id, saved)
    rememberSaved(queryClient, roomId, item.key, rowId)
    const body = created ? BOOKMARK_TEXTS.saved : BOOKMARK_TEXTS.alreadySaved
    notify({ type: created ? 'success' : 'info', title: 'Bookmarks', body })
  } catch (err) {
    const later = { roomId, messageId: item.key, kind: 'bookmark' as const, saved }
    if (await waitsForConnection(queryClient, me.$id, later, err))
      return notify({ type: 'info', title: 'Bookmarks', body: BOOKMARK_TEXTS.savedLater })
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
    const me = globalState.account!.$id
    const later = { roomId, messageId, kind: 'unbookmark' as const, rowId }
    if (await waitsForConnection(queryClient, me, later, err))
      return notify({ type: 'info', title: 'Bookmarks', body: BOOKMARK_TEXTS.removedLater })
    // Already removed elsewhere (the bookmarks page, another tab): what was asked holds.
    if (!(isBackendError(err) && err.code === 404)) return notify(toNotice('remove bookmark', err))
  }
  rememberSaved(queryClient, roomId, messageId)
  notify({ type: 'success', title: 'Bookmarks', body: BOOKMARK_TEXTS.removed })
}

/** Without a connection, the bookmark's wish waits with the message menu's queue. */
async function waitsForConnection(queryClient: QueryClient, meId: string, q: Saving, err: unknown) {
  if (!isNetworkFailure(err)) return false
  const ops = await loadMessageOps().catch(() => null)
  return !!ops?.queueSaving(queryClient, meId, q)
}
