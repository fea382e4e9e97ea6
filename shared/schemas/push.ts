import { z } from 'zod'

// /api/push: Web Push subscriptions of the caller's browsers (Settings → Notifications).

/** POST /api/push/key — whether push is configured, and the VAPID public key to subscribe with. */
export const PushKeyRequest = z.object({}).strict()
export const PushKeyResponse = z.object({ enabled: z.boolean(), publicKey: z.string().nullable() })
export type PushKeyResponse = z.infer<typeof PushKeyResponse>

const b64u = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `expected ${what} in base64url` })
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, {
      message: `expected ${what} of ${bytes} bytes`,
    })

export const PushEndpoint = z
  .url({ message: 'expected the push service URL of the subscription' })
  .max(2048)

/** POST /api/push/subscribe — `PushSubscription.toJSON()` as the browser gives it. */
export const PushSubscribeRequest = z.object({
  endpoint: PushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: b64u(65, 'a P-256 public key'),
    auth: b64u(16, 'an auth secret'),
  }),
})
export type PushSubscribeRequest = z.input<typeof PushSubscribeRequest>

/** POST /api/push/unsubscribe — removes the caller's subscription of this endpoint (204). */
export const PushUnsubscribeRequest = z.object({ endpoint: PushEndpoint }).strict()

export const PushDevice = z.object({
  $id: z.string(),
  endpoint: z.string(),
  device: z.string(),
  createdAt: z.string(),
})
export type PushDevice = z.infer<typeof PushDevice>

/** POST /api/push/list — the caller's subscribed devices. */
export const PushListRequest = z.object({}).strict()
export const PushListResponse = z.object({ devices: z.array(PushDevice) })
export type PushListResponse = z.infer<typeof PushListResponse>

/**
 * What the service worker receives (encrypted) and shows as a notification. A message's carries
 * its id (`about`); `change` says that message was edited (`body` its new words) or deleted for
 * everyone, and the worker rewords its notification if one is still shown, showing nothing new.
 */
export type PushPayload = {
  title: string
  body: string
  tag: string
  url: string
  roomId: string
  about?: string
  /** A new message's place: the device that shows it reports holding it ("Delivered"). */
  seq?: number
  change?: 'edited' | 'deleted'
}
