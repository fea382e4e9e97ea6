import { proxy, subscribe } from 'valtio'
import { STORAGE_KEY } from '../../shared/constants'

// UI state of spec section 3, persisted under "global-state". Only display data lives here:
// no session secret, token or password ever does.
export type Account = { $id: string; name: string; email: string; emailVerification: boolean }
export type Status = {
  $id: string
  isOnline: boolean
  isTyping: boolean
  location: string
  deviceType: string
  browser: string
  operatingSystem: string
  activity: string
  lastSeenAt?: string | null
}
export type Flags = { isAdmin: boolean; showAdmin: boolean }

export type GlobalState = {
  account: Account | null
  status: Status | null
  chatee: Pick<Account, '$id' | 'name' | 'email'> | null
  chateeStatus: Status | null
  flags: Flags
  location: string
  isLoading: boolean
  isSidebarOpen: boolean
}

const initial = (): GlobalState => ({
  account: null,
  status: null,
  chatee: null,
  chateeStatus: null,
  flags: { isAdmin: false, showAdmin: false },
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
export const setShowAdmin = (on: boolean) => {
  globalState.flags.showAdmin = on
}
