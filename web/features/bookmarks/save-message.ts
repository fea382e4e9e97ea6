import type { QueryClient } from '@tanstack/react-query'
import { BOOKMARK_TEXTS } from '../../../shared/bookmark-texts'
import { toNotice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { globalState } from '../../state/global-state'
import type { DisplayItem } from '../chat/display-item'
import { loadBookmarkWrite } from '../chat/message-parts'
import type { Room } from '../rooms/room-model'

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
  try {
    const { bookmarkMessage } = await loadBookmarkWrite()
    const { created } = await bookmarkMessage(me.$id, {
      messageId: item.key,
      roomId,
      roomName: rooms.find((r) => r.$id === roomId)?.name ?? 'Home',
      senderId: item.senderId,
      senderName:
        item.senderId === me.$id ? me.name : partner?.$id === item.senderId ? partner.name : '',
      text: item.text || item.attachment?.name || (item.gif ? 'GIF' : ''),
      seq: item.seq,
      at: item.at.toISOString(),
    })
    const body = created ? BOOKMARK_TEXTS.saved : BOOKMARK_TEXTS.alreadySaved
    notify({ type: created ? 'success' : 'info', title: 'Bookmarks', body })
  } catch (err) {
    notify(toNotice('bookmark', err))
  }
}
