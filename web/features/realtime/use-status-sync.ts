import type { RealtimeResponseEvent } from 'appwrite'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { productApi } from '../../lib/product-api'
import { onSubscribed, realtime } from '../../lib/realtime'
import { globalState, type Status } from '../../state/global-state'
import { adoptNewChatee, mayReadChateeStatus, readChateeStatus } from '../presence/chatee'
import { followRename } from '../presence/follow-rename'
import { TABLE_IDS } from '../../../shared/db-ids'
import { bothShare } from '../../../shared/presence'
import { CHANNELS } from './channels'

type Row = Record<string, unknown>

/**
 * Both status rows, live: the own one and the partner's (the server sends the partner's only to
 * the admin, or while both share presence; its admin-only details when the admin view is on),
 * and both profiles (names, sharing choices). Each time the server confirms the subscription (at
 * first, and after a reconnect) all are read again, since a report made before it was never
 * delivered.
 */
export function useStatusSync(meId: string | undefined) {
  const { chatee, flags } = useSnapshot(globalState)
  const chateeId = chatee?.$id
  const isAdmin = flags.showAdmin

  useEffect(() => {
    if (!meId) return
    // With no partner yet, every profile row: theirs appears when they first sign in.
    const channels = chateeId
      ? [
          CHANNELS.status(meId),
          CHANNELS.status(chateeId),
          CHANNELS.profile(meId),
          CHANNELS.profile(chateeId),
        ]
      : [CHANNELS.status(meId), CHANNELS.profiles]
    // The partner's device details come to the admin only (status_details is admin-readable).
    if (isAdmin && chateeId) channels.push(CHANNELS.statusDetails(chateeId))
    const refresh = () => void refreshStatuses(meId, chateeId)
    const offConfirmed = onSubscribed(channels.at(-1)!, refresh, { orAfterMs: 10_000 })
    const sub = realtime.subscribe(channels, (e: RealtimeResponseEvent<Row>) => onStatus(e, meId))
    return () => {
      offConfirmed()
      void sub.then((s) => s.unsubscribe()).catch(() => undefined)
    }
  }, [meId, chateeId, isAdmin])
}

const DETAIL_KEYS = ['location', 'deviceType', 'browser', 'operatingSystem', 'activity'] as const

/**
 * A Status is two rows: `status` (presence, typing) and the admin-only `status_details`. Each
 * event updates its own part; a details event leaves $updatedAt alone, as typing expiry reads it.
 */
function onStatus(e: RealtimeResponseEvent<Row>, meId: string) {
  const row = e.payload
  if (!globalState.chatee && row.$id !== meId) return void adoptNewChatee()
  if (row.$tableId === TABLE_IDS.profiles) return onProfile(row, meId)
  const key =
    row.$id === meId ? 'status' : row.$id === globalState.chatee?.$id ? 'chateeStatus' : null
  if (!key) return
  const current = globalState[key]
  if (row.$tableId === TABLE_IDS.status_details) {
    if (!current) return
    const details = Object.fromEntries(DETAIL_KEYS.map((k) => [k, row[k] ?? null]))
    globalState[key] = { ...current, ...details }
    return
  }
  const status = row as unknown as Status
  statusEvents[key]++
  globalState[key] = { ...current, ...status, $updatedAt: status.$updatedAt ?? e.timestamp }
  followRename(key === 'status' ? 'self' : 'chatee', status.name)
}

/** A profile: the name to follow, and a sharing choice that may show or hide the partner. */
function onProfile(row: Row, meId: string) {
  const self = row.$id === meId
  if (!self && row.$id !== globalState.chatee?.$id) return
  followRename(self ? 'self' : 'chatee', row.name)
  if (typeof row.sharePresence !== 'boolean') return
  const before = bothShare(globalState.sharing)
  globalState.sharing = { ...globalState.sharing, [self ? 'mine' : 'partner']: row.sharePresence }
  // Newly shared: read the partner's status now (its grant may come before any report of theirs).
  if (bothShare(globalState.sharing) && !before) void refreshStatuses(meId, globalState.chatee?.$id)
  if (!mayReadChateeStatus()) globalState.chateeStatus = null
}

/**
 * Status events taken, per row. A read answers with the row as it was when the server read it:
 * an event taken while the read was under way is as new or newer, so the read's answer does not
 * replace it (the partner's "Away" otherwise turned back into "Online" until the next report).
 */
const statusEvents = { status: 0, chateeStatus: 0 }

/**
 * Both statuses from the API; details an event brought meanwhile are not erased by a null. The
 * partner's is read beside the others when this tab knows it may be, else only once the sharing
 * read says so (a first sign-in on this device).
 */
async function refreshStatuses(meId: string, chateeId?: string) {
  const before = { ...statusEvents }
  const early = chateeId && mayReadChateeStatus() ? readChateeStatus(chateeId) : undefined
  const [own, sharing] = await Promise.all([
    productApi.userStatus(meId).catch(() => null),
    productApi.presenceSharing().catch(() => null),
  ])
  if (sharing && globalState.account?.$id === meId) {
    globalState.sharing = sharing
    // What an earlier session kept (persisted state) goes once the partner is no longer shared.
    if (!mayReadChateeStatus()) globalState.chateeStatus = null
  }
  const late = chateeId && !early && mayReadChateeStatus() ? readChateeStatus(chateeId) : null
  const chatee = await (early ?? late)
  if (
    chatee &&
    globalState.chatee?.$id === chateeId &&
    statusEvents.chateeStatus === before.chateeStatus
  ) {
    globalState.chateeStatus = {
      ...keepDetails(chatee, globalState.chateeStatus),
      $updatedAt: undefined,
    }
    followRename('chatee', chatee.name)
  }
  if (own && globalState.account?.$id === meId && statusEvents.status === before.status) {
    globalState.status = keepDetails(own, globalState.status)
    followRename('self', own.name)
  }
}

function keepDetails(fetched: Status, current: Status | null): Status {
  const kept = DETAIL_KEYS.filter((k) => fetched[k] == null && current?.[k] != null)
  return { ...fetched, ...Object.fromEntries(kept.map((k) => [k, current![k]])) }
}
