import type { BackendError, BackendPort, BackendUser, Fetched, Row, RowList } from '../backend'
import type { Config } from '../config'

/** What every /api handler finds in `c.var` after the middleware ran. */
export type ApiVars = {
  config: Config
  backend: BackendPort
  caller: BackendUser
  /** Rows read in the caller check's round trip (middleware/prefetch.ts), by `table/rowId`. */
  prefetched?: Map<string, Fetched>
  /** The row a route's guarded create made in that round trip, or the write's error. */
  created?: Row | BackendError
  /** What the create's `thenList` listed after it (the push subscriptions of /message/add). */
  listed?: RowList<unknown>
}
export type ApiHono = { Bindings: Env; Variables: ApiVars }
/** Public routes: config and backend, no caller. */
export type PublicHono = { Bindings: Env; Variables: Omit<ApiVars, 'caller'> }
