import type { PushDevice, PushKeyResponse, PushListResponse } from '../../../shared/schemas'
import { apiPost } from '../../lib/api'

/** /api/push: this account's Web Push subscriptions (worker/routes/push.ts). */
export const pushApi = {
  key: () => apiPost<PushKeyResponse>('/push/key', {}, 'PushKeyResponse'),
  list: () => apiPost<PushListResponse>('/push/list', {}, 'PushListResponse'),
  subscribe: (sub: PushSubscriptionJSON) =>
    apiPost<PushDevice>('/push/subscribe', sub, 'PushDevice'),
  unsubscribe: (endpoint: string) => apiPost<null>('/push/unsubscribe', { endpoint }),
}

export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

const keyBytes = (b64u: string) =>
  Uint8Array.from(atob(b64u.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

const registration = () => navigator.serviceWorker.register('/sw.js', { scope: '/' })

/** This browser's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration('/')
  return (await reg?.pushManager.getSubscription()) ?? null
}

/**
 * Asks for permission (only now, on the user's click), subscribes with the server's VAPID key
 * and registers the subscription with the server. Returns the endpoint.
 */
export async function turnOnPush(publicKey: string): Promise<string> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted')
    // As the browser names a refusal; the message says whether it was for good or dismissed.
    throw Object.assign(new Error(permission === 'denied' ? 'blocked' : 'dismissed'), {
      name: 'NotAllowedError',
    })
  await registration()
  const reg = await navigator.serviceWorker.ready
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }))
  await pushApi.subscribe(sub.toJSON())
  return sub.endpoint
}

/** Unsubscribes this browser, and tells the server first so it stops pushing at once. */
export async function turnOffPush(): Promise<void> {
  const sub = await currentSubscription()
  if (!sub) return
  await pushApi.unsubscribe(sub.endpoint).catch((err: { status?: number }) => {
    if (err.status !== 404) throw err
  })
  await sub.unsubscribe()
}
