import { uiState } from '../../state/ui-state'

type Navigator = { history: { push(path: string): void } }

/**
 * Registers /sw.js (loaded after the first paint, so the sign-in screen's JS stays small; it
 * imports nothing of the signed-in app for the same reason), offers
 * a new version with a toast, hands the worker the URLs this page loaded before it was in control
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
  const active = (await sw.ready).active
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .concat(location.href.split('#')[0])
  active?.postMessage({ type: 'cache-urls', urls })
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
      <button type="button" onClick={reload}>
        Reload
      </button>
    </div>,
    { type: 'info', autoClose: false, closeOnClick: false },
  )
}
