import type { BackendPort, BackendUser } from '../backend'
import type { Config } from '../config'

/** What every /api handler finds in `c.var` after the middleware ran. */
export type ApiVars = { config: Config; backend: BackendPort; caller: BackendUser }
export type ApiHono = { Bindings: Env; Variables: ApiVars }
/** Public routes: config and backend, no caller. */
export type PublicHono = { Bindings: Env; Variables: Omit<ApiVars, 'caller'> }
