import type { JwtUser } from './auth/caller'
import type { Edge } from './context'
import { AppwriteException } from './errors'
import type { RowModel } from './rows/model'
import { createRow, findRow, listRows, updateRow, type RowList } from './rows/service'

type Scalar = string | number | boolean | null

/** A condition on one field of a JSON object (a missing field reads as null). */
export type FieldCondition =
  | { field: string; equals: Scalar }
  | { field: string; differs: Scalar }
  | { field: string; truthy: boolean }
  | { field: string; in: string[] }

export function fieldHolds(c: FieldCondition, body: unknown): boolean {
  const v = (body as Record<string, unknown> | undefined)?.[c.field] ?? null
  if ('equals' in c) return v === c.equals
  if ('differs' in c) return v !== c.differs
  if ('truthy' in c) return Boolean(v) === c.truthy
  return typeof v === 'string' && c.in.includes(v.toLowerCase())
}

/** A condition on the caller's account, or on read `on` of the same batch: found, or a field of it. */
export type Guard = ({ on: 'caller' | number } & FieldCondition) | { on: number; found: boolean }

/** An Appwrite error as it crosses the RPC boundary, where an exception's class is lost. */
export type Refusal = { refused: { status: number; type: string; message: string } }

export type BatchPlan = {
  /** Checked first (signature, open session, user not blocked): when it fails, nothing is read. */
  jwt: string
  /** `unlessCreated`: read only when the create was not made (a retry's row, found by its id). */
  reads: { table: string; rowId: string; unlessCreated?: boolean }[]
  /** Made only when every guard holds (guards name reads made before it, not `unlessCreated`). */
  create?: { table: string; rowId: string; data: Record<string, unknown>; when: Guard[] }
  /** Listed only after the create was made (e.g. whom to tell of the new row). */
  thenList?: { table: string; queries: string[] }
}

/** The account model's fields the Worker reads (backend/port.ts BackendUser), no more. */
const accountOf = (u: JwtUser) => ({
  $id: u.id,
  name: u.name,
  email: u.email,
  emailVerification: Boolean(u.email_verification),
  status: Boolean(u.status),
})
type Account = ReturnType<typeof accountOf>
export type Read = RowModel | null | Refusal
export type BatchAnswer =
  Refusal | { caller: Account; rows: Read[]; created?: RowModel | Refusal; listed?: RowList }

export const isRefusal = (v: unknown): v is Refusal =>
  typeof v === 'object' && v !== null && 'refused' in v

function refusal(err: unknown): Refusal {
  if (!(err instanceof AppwriteException)) throw err
  return { refused: { status: err.status, type: err.type, message: err.message } }
}

function settle<T>(f: () => T): T | Refusal {
  try {
    return f()
  } catch (err) {
    return refusal(err)
  }
}

function holds(g: Guard, account: Account, rows: Read[]): boolean {
  if (g.on === 'caller') return 'field' in g && fieldHolds(g, account)
  const row = rows[g.on]
  if ('found' in g) return g.found ? row != null && !isRefusal(row) : row === null
  return row != null && !isRefusal(row) && fieldHolds(g, row)
}

/**
 * The object's side of a hot /api call: the caller check, the reads and a guarded create in one
 * RPC, by direct calls into the same row service the REST routes use (no Request, routing or
 * JSON per step). `server` is an edge with the API key's rights, as the Worker's REST calls have.
 */
export async function runBatch(
  server: Edge,
  userOf: (jwt: string) => Promise<JwtUser>,
  plan: BatchPlan,
): Promise<BatchAnswer> {
  // What GET /account answers for this JWT.
  const account = await userOf(plan.jwt).then(accountOf, refusal)
  if (isRefusal(account)) return account
  const read = (r: BatchPlan['reads'][number]) =>
    settle(() => findRow(server, r.table, r.rowId) ?? null)
  const rows = plan.reads.map((r) => (r.unlessCreated ? null : read(r)))
  // A row the create would collide with is read only when it did collide (or was not tried): the
  // insert's own conflict check serves the common case, one statement fewer per send.
  const readRest = (made: boolean) =>
    made ? rows : plan.reads.map((r, i) => (r.unlessCreated ? read(r) : rows[i]))
  const { create, thenList } = plan
  if (!create || !create.when.every((g) => holds(g, account, rows)))
    return { caller: account, rows: readRest(false) }
  const created = settle(() => createRow(server, create.table, create.rowId, create.data))
  // A failed list is read again by whoever needs it. Its reader wants the rows, not the count
  // (a second statement per send).
  const listed =
    thenList && !isRefusal(created)
      ? settle(() => listRows(server, thenList.table, thenList.queries, { total: false }))
      : undefined
  return {
    caller: account,
    rows: readRest(!isRefusal(created)),
    created,
    listed: isRefusal(listed) ? undefined : listed,
  }
}

/** PATCH of a row only when its current fields hold every condition; one call, no race. */
export function updateRowIf(
  server: Edge,
  table: string,
  rowId: string,
  data: Record<string, unknown>,
  conditions: FieldCondition[],
): { row: RowModel | null; written: boolean } | Refusal {
  const row = findRow(server, table, rowId) ?? null
  if (!row || !conditions.every((c) => fieldHolds(c, row))) return { row, written: false }
  const updated = settle(() => updateRow(server, table, rowId, data))
  return isRefusal(updated) ? updated : { row: updated, written: true }
}
