import type { Flags as ServerFlags } from '../../../shared/schemas'
import type { Flags } from '../../state/global-state'

/**
 * The server's flags say whether this user is the admin, i.e. is offered the admin switch; the
 * switch itself (flags.isAdmin in the UI) keeps its persisted position, only ever on for them.
 */
export const toFlags = (server: ServerFlags, switchedOn: boolean): Flags => ({
  showAdmin: server.isAdmin,
  isAdmin: server.isAdmin && switchedOn,
  list: server.list,
  repositoryUrl: server.repositoryUrl,
  gifs: server.gifs,
  linkChecks: server.linkChecks,
  linkPreviews: server.linkPreviews,
})
