import { z } from 'zod'

// POST /api/presence/heartbeat (Bearer JWT, JSON {}) while the tab is visible, every
// `intervalMs` of the previous answer. A heartbeat marks the caller online.
export const HeartbeatRequest = z.object({}).strict()
export const HeartbeatResponse = z.object({
  isOnline: z.literal(true),
  lastSeenAt: z.string(),
  intervalMs: z.number().int(),
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
})
export type BeaconRequest = z.input<typeof BeaconRequest>
