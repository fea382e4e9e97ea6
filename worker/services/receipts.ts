import { TEAMS } from '../../shared/db-schema'
import type { DeliveredReceipt, ReadReceipt } from '../../shared/schemas'
import { isConflict, q, type BackendPort, type BackendUser } from '../backend'
import { ApiError } from '../lib/api-error'
import { stableId } from '../lib/stable-id'

// Read receipts (see shared/db-schema.ts `receipts`): each user's `own` row is theirs alone;
// the `shared` copy carries the position only while every partner sends receipts too.
export const RECEIPTS_PREF = 'readReceipts'

type ReceiptRow = {
  roomId: string
  userId: string
  kind: 'own' | 'shared' | 'delivered'
  seq: number | null
  readAt: string | null
}

const PREFIX = { own: 'ro', shared: 'rs', delivered: 'rd' } as const
const rowId = (kind: ReceiptRow['kind'], roomId: string, userId: string) =>
  stableId(PREFIX[kind], roomId, userId)
const everyUser = [`read("team:${TEAMS.user}")`]

export const sendsReceipts = (prefs: Record<string, unknown>) => prefs[RECEIPTS_PREF] !== false

/**
 * Who shares: a user whose receipts are on while every partner's (the other members of team
 * user) are on too. One user turning them off stops the sharing both ways.
 */
async function sharingOf(backend: BackendPort, users: string[]) {
  const members = await backend.listMemberships(TEAMS.user, [q.limit(100)])
  const ids = [...new Set([...members.map((m) => m.userId), ...users])]
  const prefs = await Promise.all(ids.map(async (id) => sendsReceipts(await backend.getPrefs(id))))
  const on = new Map(ids.map((id, i) => [id, prefs[i]!]))
  const memberIds = new Set(members.map((m) => m.userId))
  return (userId: string) =>
    !!on.get(userId) && [...memberIds].every((id) => id === userId || on.get(id))
}

const writeShared = async (backend: BackendPort, own: ReceiptRow, shared: boolean) =>
  backend.upsertRow<ReceiptRow>(
    'receipts',
    await rowId('shared', own.roomId, own.userId),
    {
      roomId: own.roomId,
      userId: own.userId,
      kind: 'shared',
      seq: shared ? own.seq : null,
      readAt: shared ? own.readAt : null,
    },
    everyUser,
  )

/** `seq`, never past the room's newest message: a position is one the reader could hold. */
async function cappedSeq(backend: BackendPort, roomId: string, seq: number) {
  const [room, newest] = await Promise.all([
    backend.getRow('rooms', roomId),
    backend.listRows<{ seq: number }>('messages', [
      q.equal('roomId', roomId),
      q.orderDesc('seq'),
      q.limit(1),
    ]),
  ])
  if (!room) throw new ApiError(404, 'This room does not exist')
  return Math.min(seq, Number(newest.rows[0]?.seq ?? 0))
}

/** Moves the caller's read position in a room forward (a repeat or an older seq writes nothing). */
export async function markRead(
  backend: BackendPort,
  caller: BackendUser,
  roomId: string,
  seq: number,
): Promise<ReadReceipt> {
  const ownId = await rowId('own', roomId, caller.$id)
  // Independent reads, asked at once: a receipt is sent as messages are seen, and each
  // sequential call is a round trip to the backend.
  const [upTo, shares, current] = await Promise.all([
    cappedSeq(backend, roomId, seq),
    sharingOf(backend, [caller.$id]),
    backend.getRow<ReceiptRow>('receipts', ownId),
  ])
  const shared = shares(caller.$id)
  if (current && current.seq !== null && Number(current.seq) >= upTo)
    return { roomId, seq: Number(current.seq), readAt: current.readAt ?? '', shared }
  const own: ReceiptRow = {
    roomId,
    userId: caller.$id,
    kind: 'own',
    seq: upTo,
    readAt: new Date().toISOString(),
  }
  // Two rows of their own: neither write depends on the other.
  await Promise.all([
    backend.upsertRow<ReceiptRow>('receipts', ownId, own, [`read("user:${caller.$id}")`]),
    writeShared(backend, own, shared),
  ])
  return { roomId, seq: upTo, readAt: own.readAt!, shared }
}

/** Saves the caller's setting, then fills or empties every shared row to match both settings. */
export async function setReceipts(backend: BackendPort, caller: BackendUser, enabled: boolean) {
  const prefs = await backend.getPrefs(caller.$id)
  if (sendsReceipts(prefs) !== enabled)
    await backend.updatePrefs(caller.$id, { ...prefs, [RECEIPTS_PREF]: enabled })
  const owns = await backend.listRows<ReceiptRow>('receipts', [
    q.equal('kind', 'own'),
    q.limit(500),
  ])
  const shares = await sharingOf(backend, [caller.$id, ...owns.rows.map((r) => r.userId)])
  for (const own of owns.rows) await writeShared(backend, own, shares(own.userId))
}

/**
 * Moves forward the newest seq one of the caller's devices holds in a room (a repeat or an
 * older seq writes nothing). Written only when the row still holds what was read, and read
 * again after: in Appwrite mode that condition is checked in a call of its own, so a lower
 * position another device wrote in between is found and written over. Two devices reporting
 * at once end at the furthest.
 */
export async function markDelivered(
  backend: BackendPort,
  caller: BackendUser,
  roomId: string,
  seq: number,
): Promise<DeliveredReceipt> {
  const id = await rowId('delivered', roomId, caller.$id)
  const read = () => backend.getRow<ReceiptRow>('receipts', id)
  const [upTo, first] = await Promise.all([cappedSeq(backend, roomId, seq), read()])
  const data = { roomId, userId: caller.$id, kind: 'delivered' as const, seq: upTo, readAt: null }
  // Each write is read back on the next turn: the turn that finds the position held answers.
  for (let tries = 0, current = first; tries < 5; tries++, current = await read()) {
    const held = current?.seq == null ? null : Number(current.seq)
    if (held !== null && held >= upTo) return { roomId, seq: held }
    if (current) await backend.updateRowIf('receipts', id, data, [{ field: 'seq', equals: held }])
    else
      await backend.createRow('receipts', id, data, everyUser).catch((err: unknown) => {
        // Another device made it first: the next turn reads it.
        if (!isConflict(err)) throw err
      })
  }
  throw new ApiError(409, 'The delivery position changed meanwhile; try again')
}
