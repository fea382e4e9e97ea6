import { proxy, subscribe } from 'valtio'
import { STORAGE_KEY, type AvatarList } from '../../shared/constants'
import { bothShare } from '../../shared/presence'
import type { Status as StatusRow } from '../../shared/schemas'

// UI state of spec section 3, persisted under "global-state". Only display data lives here:
// no session secret, token or password ever does.
export type Account = { $id: string; name: string; email: string; emailVerification: boolean }
/** A status row; $updatedAt (when the row last changed) comes with realtime events. */
export type Status = StatusRow & { $updatedAt?: string }
/**
 * isAdmin: the admin view is switched on; showAdmin: this user is offered the switch; list: the
 * approved list the user's email is on (it picks the avatar); repositoryUrl: where the admin's
 * version badge links (the server sends it to the admin only, when configured).
 */
export type Flags = {
  isAdmin: boolean
  showAdmin: boolean
  list: AvatarList
  repositoryUrl?: string
  /** GIF search is configured on the server: the composer offers its GIF button. */
  gifs?: boolean
  /** Links are checked against Safe Browsing on the server (else nothing is asked). */
  linkChecks?: boolean
  /** Link previews are on on the server (else no card is asked for). */
  linkPreviews?: boolean
}

/** Whether each partner shares presence and typing (Settings); the server enforces it. */
export type Sharing = { mine: boolean; partner: boolean }

export type GlobalState = {
  account: Account | null
  status: Status | null
  chatee: (Pick<Account, '$id' | 'name' | 'email'> & { list?: AvatarList }) | null
  chateeStatus: Status | null
  flags: Flags
  sharing: Sharing
  location: string
  isLoading: boolean
  isSidebarOpen: boolean
}

const initial = (): GlobalState => ({
  account: null,
  status: null,
  chatee: null,
  chateeStatus: null,
  flags: { isAdmin: false, showAdmin: false, list: 'other' },
  sharing: { mine: false, partner: false },
  location: '',
  isLoading: true,
  isSidebarOpen: false,
})

function restore(): GlobalState {
  try {
    const saved = JSON.parse(
      localStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<GlobalState> | null
    // Loading always starts true: the account check decides, not a stale snapshot.
    return { ...initial(), ...saved, isLoading: true, isSidebarOpen: false }
  } catch {
    return initial()
  }
}

export const globalState = proxy<GlobalState>(restore())

subscribe(globalState, () => {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(globalState))
})

export const setLoading = (isLoading: boolean) => {
  globalState.isLoading = isLoading
}
export const setSidebarOpen = (open: boolean) => {
  globalState.isSidebarOpen = open
}
/** The admin menu switch; only the user offered it may turn it on. */
export const setAdminView = (on: boolean) => {
  globalState.flags.isAdmin = on && globalState.flags.showAdmin
}

/** The signed-in user's rooms as last read, for an app opened offline (features/offline). */
export const OFFLINE_KEY = 'kathelia-offline'

/**
 * Clears who is signed in, and what they read (kept for offline); the location is kept (spec:
 * restored from local storage).
 */
export function signedOut() {
  localStorage.removeItem(OFFLINE_KEY)
  Object.assign(globalState, {
    account: null,
    status: null,
    chatee: null,
    chateeStatus: null,
    flags: { isAdmin: false, showAdmin: false, list: 'other' },
    sharing: { mine: false, partner: false },
    isSidebarOpen: false,
  })
}

/**
 * The partner's presence and typing show in the admin view (spec §1, §6), or while both share
 * them. The server already withholds them from everyone else; the admin, who can always read
 * them, sees them only with the switch on.
 */
export const partnerPresenceShown = (s: Pick<GlobalState, 'flags' | 'sharing'>) =>
  s.flags.isAdmin || bothShare(s.sharing)
