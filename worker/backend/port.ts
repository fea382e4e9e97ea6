import type { TableId } from '../../shared/db-schema'
import type { FieldCondition } from '../appwrite-edge/batch'

// The one interface the product API uses to reach the backend (ARCHITECTURE §1). Two adapters
// implement it: embedded (in-process calls into the Durable Object) and appwrite (REST over the
// network with the API key). Both speak Appwrite's REST semantics, so handlers never know which runs.

export type BackendUser = {
  $id: string
  name: string
  email: string
  emailVerification: boolean
  status: boolean
}

/** Appwrite's row model: system fields plus the table's columns. */
export type Row<T = Record<string, unknown>> = T & {
  $id: string
  $sequence?: string | number
  $tableId?: string
  $createdAt: string
  $updatedAt: string
  $permissions?: string[]
}

export type RowList<T> = { total: number; rows: Row<T>[] }

/**
 * A row read beside the caller check. `unlessCreated`: only when the check's guarded create was
 * not made (embedded; the row a retry collides with), else it is not read and stands as missing.
 */
export type RowRead = { table: TableId; rowId: string; unlessCreated?: boolean }
export type Fetched = Row | undefined | BackendError

/**
 * A row created in the caller check's round trip, only when the verified caller is `callerId`
 * with a verified email in `allowedEmails` and each stated read (by index) is as stated: missing,
 * or found with `unset` falsy. The route still decides everything; this only saves the trip.
 */
export type CreateIf = {
  table: TableId
  rowId: string
  data: Record<string, unknown>
  callerId: string
  allowedEmails: string[]
  rows: ({ read: number; missing: true } | { read: number; unset: string })[]
  /** Listed right after, only when the create succeeded (e.g. whom to tell of the new row). */
  thenList?: { table: TableId; queries: string[] }
}

/** The fields of Appwrite's `file` model the product API reads. */
export type StoredFile = {
  $id: string
  name: string
  mimeType: string
  sizeOriginal: number
  chunksTotal: number
  chunksUploaded: number
  $permissions: string[]
}

export type Membership = {
  $id: string
  teamId: string
  userId: string
  roles: string[]
  confirm: boolean
}

/** A backend answer that is not success, in Appwrite's terms (status, type, message). */
export class BackendError extends Error {
  override name = 'BackendError'
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message)
  }
}

export const isNotFound = (err: unknown) => err instanceof BackendError && err.status === 404
export const isConflict = (err: unknown) => err instanceof BackendError && err.status === 409

export interface BackendPort {
  readonly kind: 'embedded' | 'appwrite'
  /** The account behind a JWT; BackendError 401 when the JWT is invalid or expired. */
  getCaller(jwt: string): Promise<BackendUser>
  /**
   * getCaller and rows read with the key, in one round trip to the embedded object (the JWT is
   * checked first; nothing is read for a bad one). A missing row is undefined, a failed read its
   * error (thrown by whoever uses the row, never taken for a failed caller check). `create` is
   * attempted in the same round trip when its conditions hold (embedded only): `created` is the
   * row or the write's error, undefined when it was not attempted.
   */
  getCallerWith(
    jwt: string,
    reads: RowRead[],
    create?: CreateIf,
  ): Promise<{
    caller: BackendUser
    rows: Fetched[]
    created?: Row | BackendError
    listed?: RowList<unknown>
  }>
  getUser(userId: string): Promise<BackendUser | undefined>
  /** Users matching Appwrite query strings (Query.equal('email', …) etc.). */
  listUsers(queries: string[]): Promise<BackendUser[]>
  updateEmailVerification?(userId: string, verified: boolean): Promise<BackendUser>
  /** A new user made with the API key (no allowlist of the backend's own applies); 409 when taken. */
  createUser(email: string, password: string, name: string): Promise<BackendUser>
  /**
   * Redeems an emailed verification secret with Appwrite's public call (PUT
   * /account/verifications/email), sent as a guest: neither the API key nor a session, so the
   * backend's own check of the secret and its per-user abuse limit apply. BackendError when the
   * secret is wrong, used or expired (401 user_invalid_token) or the user unknown (404).
   */
  confirmVerification(userId: string, secret: string): Promise<void>

  listRows<T>(table: TableId, queries: string[]): Promise<RowList<T>>
  getRow<T>(table: TableId, rowId: string): Promise<Row<T> | undefined>
  /**
   * BackendError 409 when the id (or a unique index) is taken. `permissions` matter on tables
   * with rowSecurity; omitted, a key-created row has none.
   */
  createRow<T>(
    table: TableId,
    rowId: string,
    data: Partial<T>,
    permissions?: string[],
  ): Promise<Row<T>>
  /** `permissions` omitted keeps the row's own. */
  updateRow<T>(
    table: TableId,
    rowId: string,
    data: Partial<T>,
    permissions?: string[],
  ): Promise<Row<T>>
  /**
   * Updates the row only when every condition holds on it at the moment of the write (embedded:
   * read and write in one RPC, which nothing interleaves). Refused or missing: `written` false
   * and the row as it stands. Appwrite has no conditional write: there it reads, checks and
   * writes in two calls, so a write landing between them can still be overwritten.
   */
  updateRowIf<T>(
    table: TableId,
    rowId: string,
    data: Partial<T>,
    conditions: FieldCondition[],
  ): Promise<{ row: Row<T> | undefined; written: boolean }>
  /** `permissions` (row security tables): the row's own; omitted keeps what it had. */
  upsertRow<T>(
    table: TableId,
    rowId: string,
    data: Partial<T>,
    permissions?: string[],
  ): Promise<Row<T>>
  deleteRow(table: TableId, rowId: string): Promise<void>

  /** A user's preferences (Appwrite's account prefs), read and replaced with the server key. */
  getPrefs(userId: string): Promise<Record<string, unknown>>
  updatePrefs(userId: string, prefs: Record<string, unknown>): Promise<Record<string, unknown>>

  /** A file of the bucket `files`, read with the server key; undefined when there is none. */
  getFile(fileId: string): Promise<StoredFile | undefined>
  /** Deletes a file of the bucket `files` with the server key; one already gone is no error. */
  deleteFile(fileId: string): Promise<void>

  /** Server-side membership: confirmed at once, no invitation mail. 409 when already a member. */
  createMembership(teamId: string, userId: string, roles: string[]): Promise<Membership>
  listMemberships(teamId: string, queries?: string[]): Promise<Membership[]>
}

/** Appwrite query strings, built like the SDKs' Query class (identical wire format). */
export const q = {
  equal: (attribute: string, value: unknown) =>
    JSON.stringify({ method: 'equal', attribute, values: Array.isArray(value) ? value : [value] }),
  limit: (n: number) => JSON.stringify({ method: 'limit', values: [n] }),
  orderAsc: (attribute: string) => JSON.stringify({ method: 'orderAsc', attribute }),
  orderDesc: (attribute: string) => JSON.stringify({ method: 'orderDesc', attribute }),
  cursorAfter: (rowId: string) => JSON.stringify({ method: 'cursorAfter', values: [rowId] }),
  lessThan: (attribute: string, value: string | number) =>
    JSON.stringify({ method: 'lessThan', attribute, values: [value] }),
  isNotNull: (attribute: string) => JSON.stringify({ method: 'isNotNull', attribute }),
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** Keeps only the fields the product API may use: the hash and prefs never travel further. */
export function toBackendUser(raw: Record<string, unknown>): BackendUser {
  return {
    $id: str(raw.$id),
    name: str(raw.name),
    email: str(raw.email).toLowerCase(),
    emailVerification: raw.emailVerification === true,
    status: raw.status !== false,
  }
}

export function toStoredFile(raw: Record<string, unknown>): StoredFile {
  const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0))
  return {
    $id: str(raw.$id),
    name: str(raw.name),
    mimeType: str(raw.mimeType),
    sizeOriginal: num(raw.sizeOriginal),
    chunksTotal: num(raw.chunksTotal),
    chunksUploaded: num(raw.chunksUploaded),
    $permissions: Array.isArray(raw.$permissions) ? raw.$permissions.map(String) : [],
  }
}

export function toMembership(raw: Record<string, unknown>): Membership {
  return {
    $id: str(raw.$id),
    teamId: str(raw.teamId),
    userId: str(raw.userId),
    roles: Array.isArray(raw.roles) ? raw.roles.map(String) : [],
    confirm: raw.confirm === true,
  }
}
