import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { globalState } from '../../state/global-state'
import { flattenPages } from './message-model'
import { messagesQuery } from './messages-query'
import { reactionsQuery } from './reactions-query'
import { revealRow, showRow } from './row-reveal'
import { LoadedCtx, RoomCtx, senderName } from './room-context'
import { singleMessageQuery } from './single-message-query'
import { activeChat } from './active-chat'

const HIGHLIGHT_MS = 2500
const nextFrame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))

/**
 * What the rows' quotes, reactions and menus share. The room's reactions are read beside its
 * messages. Jumping to a quoted message that is not loaded reads it first (to know it is in this
 * room), then loads older pages until it is among them.
 */
export function RoomProvider({
  roomId,
  meId,
  children,
}: {
  roomId: string
  meId: string
  children: ReactNode
}) {
  const queryClient = useQueryClient()
  const chateeName = useSnapshot(globalState).chatee?.name
  const query = useInfiniteQuery(messagesQuery(roomId))
  useQuery(reactionsQuery(roomId))
  const byId = useMemo(
    () => new Map(flattenPages(query.data?.pages ?? []).map((m) => [m.$id, m])),
    [query.data],
  )
  const older = useRef(query.fetchNextPage)
  older.current = query.fetchNextPage

  const jumpTo = useCallback(
    async (messageId: string) => {
      if (!revealRow(roomId, messageId)) {
        const target = await queryClient.fetchQuery(singleMessageQuery(messageId))
        if (target?.roomId !== roomId) return
        for (let page = 0; page < 1000; page++) {
          const next = await older.current()
          const pages = next.data?.pages ?? []
          if (pages.some((p) => p.rows.some((m) => m.$id === messageId))) break
          if (!next.hasNextPage || next.isError) break
        }
      }
      // The list renders the new pages in a frame or a few (more on a busy machine).
      let row = revealRow(roomId, messageId)
      for (let i = 0; !row && i < 30; i++) {
        await nextFrame()
        row = revealRow(roomId, messageId)
      }
      if (!row) return
      showRow(row)
      row.dataset.highlighted = 'true'
      setTimeout(() => delete row.dataset.highlighted, HIGHLIGHT_MS)
    },
    [queryClient, roomId],
  )

  const room = useMemo(
    () => ({
      roomId,
      meId,
      nameOf: (senderId: string, kind?: 'user' | 'system') =>
        senderName(senderId, kind, meId, chateeName),
      jumpTo: (id: string) => void jumpTo(id),
    }),
    [roomId, meId, chateeName, jumpTo],
  )
  useEffect(() => {
    activeChat.jumpTo = room.jumpTo
    return () => void (activeChat.jumpTo === room.jumpTo && (activeChat.jumpTo = null))
  }, [room])
  return (
    <RoomCtx.Provider value={room}>
      <LoadedCtx.Provider value={byId}>{children}</LoadedCtx.Provider>
    </RoomCtx.Provider>
  )
}
