import { uiState } from '../../state/ui-state'

type Navigator = { history: { push(path: string): void } }

/**
 * Registers /sw.js (loaded after the first paint, so the sign-in screen's JS stays small; it
 * imports nothing of the signed-in app for the same reason), looks for a new version now and
 * then and offers it with a toast, hands the worker the URLs this page loaded before it was in control
 * (so the first visit is enough for offline use), and opens the room a notification click names.
 */
export async function registerServiceWorker(router: Navigator) {
  if (!('serviceWorker' in navigator)) return
  const sw = navigator.serviceWorker
  sw.addEventListener('message', (e: MessageEvent<{ type?: string; url?: string }>) => {
    if (e.data?.type === 'open' && e.data.url?.startsWith('/')) router.history.push(e.data.url)
  })
  const hadController = !!sw.controller
  const reg = await sw.register('/sw.js', { scope: '/' })
  // No registration where the browser refuses workers (a policy, a test's blocked workers).
  if (!reg) return
  // An update installed while an older worker controls this page waits for "Reload".
  const offer = (worker: ServiceWorker | null) => {
    if (worker && hadController) void offerUpdate(worker)
  }
  offer(reg.waiting)
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && sw.controller) offer(worker)
    })
  })
  watchForUpdates(reg)
  const active = (await sw.ready).active
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .concat(location.href.split('#')[0])
  active?.postMessage({ type: 'cache-urls', urls })
}

// A chat tab stays open for days: it asks for a new version when it comes back into view and
// every hour, not only at a navigation (which a single-page app rarely makes).
const CHECK_EVERY_MS = 60 * 60_000
const CHECK_AGAIN_AFTER_MS = 10 * 60_000

export function watchForUpdates(reg: Pick<ServiceWorkerRegistration, 'update'>) {
  let checkedAt = Date.now()
  const check = () => {
    if (!navigator.onLine || Date.now() - checkedAt < CHECK_AGAIN_AFTER_MS) return
    checkedAt = Date.now()
    void reg.update().catch(() => undefined)
  }
  document.addEventListener('visibilitychange', () => document.hidden || check())
  setInterval(check, CHECK_EVERY_MS)
}

let offered = false

async function offerUpdate(worker: ServiceWorker) {
  if (offered) return
  offered = true
  uiState.toastsNeeded = true
  const { mountedToast } = await import('../../lib/toast-host')
  const toast = await mountedToast()
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload())
    worker.postMessage({ type: 'skip-waiting' })
  }
  toast(
    <div className="toast-body update-toast">
      <strong>New version available</strong>
      <button type="button" className="link inline" onClick={reload}>
        Reload
      </button>
    </div>,
    { type: 'info', autoClose: false, closeOnClick: false },
  )
}
