import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { RealtimeResponseEvent } from 'appwrite'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { productApi } from '../../lib/product-api'
import { onReconnect, realtime } from '../../lib/realtime'
import { globalState, type Status } from '../../state/global-state'
import { applyMessageEvent } from '../chat/apply-message-event'
import { adoptNewChatee } from '../presence/chatee'
import { applyRoomEvent, type Room } from '../rooms/room-model'
import { toRoom } from '../rooms/rooms-query'
import { TABLES } from '../../../shared/db-schema'
import { CHANNELS, eventAction } from './channels'

type Row = Record<string, unknown>

/**
 * Live data for the signed-in app: account, rooms, messages and both status rows are written
 * into state and the query cache as events arrive; after a reconnect everything is refetched,
 * because events sent while the socket was down are not replayed.
 */
export function useRealtimeSync() {
  const queryClient = useQueryClient()
  const { account, chatee, flags } = useSnapshot(globalState)
  const meId = account?.$id
  const chateeId = chatee?.$id
  const isAdmin = flags.showAdmin

  useEffect(() => {
    if (!meId) return
    // The partner's device details come to the admin only (status_details is admin-readable).
    const details = isAdmin && chateeId ? [CHANNELS.statusDetails(chateeId)] : []
    const subs = [
      realtime.subscribe(CHANNELS.account, (e: RealtimeResponseEvent<Row>) => onAccount(e)),
      realtime.subscribe(CHANNELS.rooms, (e: RealtimeResponseEvent<Row>) => onRoom(queryClient, e)),
      realtime.subscribe(CHANNELS.messages, (e: RealtimeResponseEvent<Row>) =>
        applyMessageEvent(queryClient, e, meId),
      ),
      realtime.subscribe(
        // With no partner yet, every status row: theirs appears when they first sign in.
        chateeId
          ? [CHANNELS.status(meId), CHANNELS.status(chateeId), ...details]
          : [CHANNELS.statuses],
        (e: RealtimeResponseEvent<Row>) => onStatus(e, meId),
      ),
    ]
    // The statuses were read at sign-in, before these subscriptions: a report in between (often
    // the partner's first, carrying the device details) was never delivered, so read them again.
    let live = true
    void Promise.all(subs)
      .then(() => {
        if (live) void refreshStatuses(meId, chateeId)
      })
      .catch(() => undefined)
    const offReconnect = onReconnect(() => void refetchAfterOutage(queryClient, meId, chateeId))
    return () => {
      live = false
      offReconnect()
      for (const sub of subs) void sub.then((s) => s.unsubscribe()).catch(() => undefined)
    }
  }, [queryClient, meId, chateeId, isAdmin])
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

const DETAIL_KEYS = ['location', 'deviceType', 'browser', 'operatingSystem', 'activity'] as const

/**
 * A Status is two rows: `status` (presence, typing) and the admin-only `status_details`. Each
 * event updates its own part; a details event leaves $updatedAt alone, as typing expiry reads it.
 */
function onStatus(e: RealtimeResponseEvent<Row>, meId: string) {
  const row = e.payload
  if (!globalState.chatee && row.$id !== meId) return void adoptNewChatee()
  const key =
    row.$id === meId ? 'status' : row.$id === globalState.chatee?.$id ? 'chateeStatus' : null
  if (!key) return
  const current = globalState[key]
  if (row.$tableId === TABLES.status_details.id) {
    if (!current) return
    const details = Object.fromEntries(DETAIL_KEYS.map((k) => [k, row[k] ?? null]))
    globalState[key] = { ...current, ...details }
    return
  }
  const status = row as unknown as Status
  globalState[key] = { ...current, ...status, $updatedAt: status.$updatedAt ?? e.timestamp }
}

async function refetchAfterOutage(queryClient: QueryClient, meId: string, chateeId?: string) {
  await queryClient.invalidateQueries()
  await refreshStatuses(meId, chateeId)
}

/** Both statuses from the API; details an event brought meanwhile are not erased by a null. */
async function refreshStatuses(meId: string, chateeId?: string) {
  const [chatee, own] = await Promise.all([
    chateeId ? productApi.chateeStatus(chateeId).catch(() => null) : null,
    productApi.userStatus(meId).catch(() => null),
  ])
  if (chatee && globalState.chatee?.$id === chateeId)
    globalState.chateeStatus = {
      ...keepDetails(chatee, globalState.chateeStatus),
      $updatedAt: undefined,
    }
  if (own && globalState.account?.$id === meId)
    globalState.status = keepDetails(own, globalState.status)
}

function keepDetails(fetched: Status, current: Status | null): Status {
  const kept = DETAIL_KEYS.filter((k) => fetched[k] == null && current?.[k] != null)
  return { ...fetched, ...Object.fromEntries(kept.map((k) => [k, current![k]])) }
}
