import type { BackendPort, BackendUser, Fetched } from '../backend'
import type { Config } from '../config'

/** What every /api handler finds in `c.var` after the middleware ran. */
export type ApiVars = {
  config: Config
  backend: BackendPort
  caller: BackendUser
  /** Rows read in the caller check's round trip (middleware/prefetch.ts), by `table/rowId`. */
  prefetched?: Map<string, Fetched>
}
export type ApiHono = { Bindings: Env; Variables: ApiVars }
/** Public routes: config and backend, no caller. */
export type PublicHono = { Bindings: Env; Variables: Omit<ApiVars, 'caller'> }
