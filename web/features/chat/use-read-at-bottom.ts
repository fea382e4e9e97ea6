import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { roomTag } from '../../../shared/constants'
import { activeChat } from './active-chat'
import { markRead } from './read-state'
import { unreadKey } from './unread-query'

type Args = {
  roomId: string
  /** The list's last known position (state) and its live one (a layout read). */
  atBottom: boolean
  isAtBottom: () => boolean
  searching: boolean
  newestSeq: number
}

/**
 * Reading happens at the bottom of a visible page: that moves the read mark, clears the badge and
 * closes the room's notifications on this device.
 * The room also tells realtime (`activeChat`) whether its newest rows are being watched.
 */
export function useReadAtBottom({ roomId, atBottom, isAtBottom, searching, newestSeq }: Args) {
  const queryClient = useQueryClient()
  useEffect(() => {
    activeChat.roomId = roomId
    activeChat.atBottom = atBottom && !searching
    const read = () => {
      // The live position too: a room opened at its unread line has not told its state yet.
      // While searching, the bottom is the results' and the newest rows are not on screen.
      if (!atBottom || searching || !isAtBottom() || document.hidden || !newestSeq) return
      markRead(roomId, newestSeq)
      queryClient.setQueryData(unreadKey(roomId), 0)
      // What this device's notifications said of the room has been read here now.
      void navigator.serviceWorker
        ?.getRegistration()
        .then((r) => r?.getNotifications({ tag: roomTag(roomId) }))
        .then((shown) => shown?.forEach((n) => n.close()))
        .catch(() => undefined)
    }
    // A frame later: a long room opened at its unread line is placed there in this frame's
    // animation callback (useOpenAtUnread, registered first), and is not at the bottom then.
    const frame = requestAnimationFrame(read)
    document.addEventListener('visibilitychange', read)
    return () => {
      cancelAnimationFrame(frame)
      document.removeEventListener('visibilitychange', read)
      if (activeChat.roomId === roomId) activeChat.roomId = null
    }
  }, [roomId, atBottom, searching, isAtBottom, newestSeq, queryClient])
}
