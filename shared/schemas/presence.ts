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
 * POST /api/presence/beacon — for navigator.sendBeacon on pagehide/beforeunload, which cannot set
 * headers: the body is JSON (sent as text/plain) carrying the JWT. It only says "this tab is
 * leaving"; offline is announced by the sweep once the grace period passes without a heartbeat,
 * so a reload announces nothing. Answers 204.
 */
export const BeaconRequest = z.object({
  jwt: z.string().min(1).max(4096),
  presence: z.enum(['away', 'offline']).default('offline'),
})
export type BeaconRequest = z.input<typeof BeaconRequest>
