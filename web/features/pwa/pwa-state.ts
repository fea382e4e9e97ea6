import { proxy, ref } from 'valtio'

/** Chromium's install prompt event (not in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

declare global {
  interface Window {
    /** Stashed by index.html when the browser offers installation before the app listens. */
    __installPrompt?: InstallPromptEvent
  }
}

export const pwaState = proxy({
  /** Set while the browser offers installation (profile menu → "Install Kathelia"). */
  installPrompt: null as InstallPromptEvent | null,
})

// index.html catches the browser's offer from the first moment (this module loads later, with
// the signed-in app) and announces each one.
const take = () => {
  if (window.__installPrompt) pwaState.installPrompt = ref(window.__installPrompt)
}
take()
window.addEventListener('kathelia-installable', take)
window.addEventListener('appinstalled', () => {
  pwaState.installPrompt = null
  window.__installPrompt = undefined
})

/** Shows the browser's install dialog; the offer is used up either way. */
export async function install() {
  const event = pwaState.installPrompt
  if (!event) return
  pwaState.installPrompt = null
  window.__installPrompt = undefined
  await event.prompt()
  await event.userChoice.catch(() => undefined)
}
