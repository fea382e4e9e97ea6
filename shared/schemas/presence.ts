import { z } from 'zod'
import { Id } from './common'

/**
 * What the user is doing, as the SPA observes it, sent with the heartbeat (no request of its own).
 * The server turns it into the admin-only `status_details.activity` text ("Reading Home", "Typing
 * in Garden", "Recording a voice message in Garden", "Searching", "In Settings", "Idle since 09:12
 * UTC"), naming rooms from its own rows.
 */
export const Activity = z
  .object({
    kind: z.enum(['reading', 'typing', 'recording', 'searching', 'settings', 'idle']),
    roomId: Id.optional(),
    // idle: when the last input was (or the tab was hidden).
    since: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
export type Activity = z.infer<typeof Activity>

/**
 * POST /api/presence/heartbeat (Bearer JWT). A visible tab sends `{}` (or presence 'online') every
 * `intervalMs`, which marks the caller online. A hidden tab sends presence 'away' every
 * `hiddenIntervalMs`: proof that it is still open (it never turns another tab's online into away),
 * which also keeps its JWT fresh for the unload beacon. `tab` names the page's life (a new one
 * after a reload or a return from the back-forward cache): once that tab's beacon has said
 * offline, a report from it still in flight is not taken as a new sign of life.
 */
export const HeartbeatRequest = z
  .object({
    presence: z.enum(['online', 'away']).default('online'),
    activity: Activity.optional(),
    tab: Id.optional(),
  })
  .strict()
export type HeartbeatRequest = z.input<typeof HeartbeatRequest>
export const HeartbeatResponse = z.object({
  isOnline: z.boolean(),
  lastSeenAt: z.string(),
  intervalMs: z.number().int(),
  hiddenIntervalMs: z.number().int(),
})
export type HeartbeatResponse = z.infer<typeof HeartbeatResponse>

/**
 * POST /api/presence/beacon — for pagehide/beforeunload. Either `fetch(…, {keepalive: true})` with
 * Authorization: Bearer and a JSON body, or navigator.sendBeacon, which cannot set headers: then
 * the body is this JSON as a string (sent as text/plain) carrying the JWT. The JWT is not a
 * cookie, so a cross-site page cannot forge the call. It only says "this tab is leaving";
 * away/offline is announced by the sweep once the grace period passes without a report, so a
 * reload announces nothing. Answers 204.
 */
export const BeaconRequest = z.object({
  jwt: z.string().min(1).max(4096).optional(),
  presence: z.enum(['away', 'offline']).default('offline'),
  tab: Id.optional(),
})
export type BeaconRequest = z.input<typeof BeaconRequest>
