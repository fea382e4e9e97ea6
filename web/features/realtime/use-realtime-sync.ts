import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { RealtimeResponseEvent } from 'appwrite'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { onSubscribed, realtime } from '../../lib/realtime'
import { globalState } from '../../state/global-state'
import { BOOKMARKS_CHANNEL, onBookmarkEvent } from '../bookmarks/bookmark-events'
import { applyMessageEvent } from '../chat/apply-message-event'
import { storeReaction, toReaction } from '../chat/reactions-query'
import { applyReceiptEvent } from '../chat/apply-receipt-event'
import { onAccountPrefs } from '../media/media-prefs'
import { applyRoomEvent, type Room } from '../rooms/room-model'
import { toRoom } from '../../../shared/room-list'
import { CHANNELS, eventAction } from './channels'
import { useStatusSync } from './use-status-sync'

type Row = Record<string, unknown>

/**
 * Live data for the signed-in app: account, rooms and messages are written into state and the
 * query cache as events arrive, and both status rows by useStatusSync. Events sent before the
 * server applied a subscription (at sign-in, or while the socket was down) are never replayed,
 * so each time it confirms the messages subscription every cached query is read again.
 */
export function useRealtimeSync() {
  const queryClient = useQueryClient()
  const meId = useSnapshot(globalState).account?.$id
  useStatusSync(meId)

  useEffect(() => {
    if (!meId) return
    const offConfirmed = onSubscribed(CHANNELS.messages, () => void queryClient.invalidateQueries())
    const subs = [
      realtime.subscribe(CHANNELS.account, (e: RealtimeResponseEvent<Row>) => {
        onAccount(e)
        if (e.payload.$id === meId) onAccountPrefs(queryClient, e.payload.prefs)
      }),
      realtime.subscribe(CHANNELS.rooms, (e: RealtimeResponseEvent<Row>) => onRoom(queryClient, e)),
      realtime.subscribe(CHANNELS.messages, (e: RealtimeResponseEvent<Row>) =>
        applyMessageEvent(queryClient, e, meId),
      ),
      realtime.subscribe(CHANNELS.reactions, (e: RealtimeResponseEvent<Row>) =>
        storeReaction(queryClient, toReaction(e.payload), eventAction(e.events) !== 'delete'),
      ),
      realtime.subscribe(CHANNELS.receipts, (e: RealtimeResponseEvent<Row>) =>
        applyReceiptEvent(queryClient, e, meId),
      ),
      realtime.subscribe(BOOKMARKS_CHANNEL, (e: RealtimeResponseEvent<Row>) =>
        onBookmarkEvent(queryClient, e),
      ),
    ]
    // A socket that fails to open (offline) rejects the call that opened it, though the SDK keeps
    // the subscription and reconnects with it: not an error of the page.
    for (const sub of subs) void sub.catch(() => undefined)
    return () => {
      offConfirmed()
      for (const sub of subs) void sub.then((s) => s.unsubscribe()).catch(() => undefined)
    }
  }, [queryClient, meId])
}

function onAccount(e: RealtimeResponseEvent<Row>) {
  const p = e.payload
  if (!globalState.account || p.$id !== globalState.account.$id) return
  Object.assign(globalState.account, {
    name: String(p.name ?? globalState.account.name),
    email: String(p.email ?? globalState.account.email),
    emailVerification: p.emailVerification !== false,
  })
}

function onRoom(queryClient: QueryClient, e: RealtimeResponseEvent<Row>) {
  const room = toRoom(e.payload)
  const deleted = eventAction(e.events) === 'delete'
  queryClient.setQueriesData<Room[]>({ queryKey: ['rooms'] }, (rooms) =>
    rooms ? applyRoomEvent(rooms, room, deleted) : rooms,
  )
}
