import { proxy } from 'valtio'
import type { Notice } from '../lib/errors'

// Transient UI state: never persisted (notices may name an email address).
export type AuthNotice = Notice & { resend?: { email: string } }

export const uiState = proxy({
  /** The one notice slot of the signed-out screen (registration, sign-in, verification). */
  authNotice: null as AuthNotice | null,
  /** Set while the emailed verification link is being processed. */
  isVerifying: false,
  /** The top bar's search text; the open chat shows only messages containing it. */
  search: '',
  /** Set by the first notification: only then is the toast library loaded. */
  toastsNeeded: false,
  /** Signed in from the form just now: the room's composer takes the cursor (read once). */
  composerNext: false,
  /** Logout is ending the sessions: the loading screen says so rather than "Loading". */
  signingOut: false,
  /** Signed out in this page (Logout, or a session ended): the sign-in form's email takes the
   * cursor, where the keyboard's focus was left on nothing (read once). */
  signInNext: false,
  /** The account whose session ended elsewhere (not a Logout here, which may be leaving a shared
   * device): the sign-in form starts with its email (read once). */
  signInEmail: '',
})

export const showAuthNotice = (notice: AuthNotice | null) => {
  uiState.authNotice = notice
}

export const setSearch = (text: string) => {
  uiState.search = text
}
