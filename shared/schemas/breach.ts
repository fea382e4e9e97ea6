import { z } from 'zod'

/** POST /api/breach/check — the address to look up; the caller's own when absent. */
/** POST /api/breach/config: no fields; JSON like every /api body (a text/plain one is 415). */
export const BreachConfigRequest = z.object({}).strict()

export const BreachCheckRequest = z.object({
  email: z
    .email({ message: 'Please enter a valid email address.' })
    .max(256)
    .transform((e) => e.toLowerCase())
    .optional(),
})
export type BreachCheckRequest = z.input<typeof BreachCheckRequest>

export const BreachSource = z.object({ name: z.string(), date: z.string() })
export type BreachSource = z.infer<typeof BreachSource>

/** One stored check (a row of `scans`). */
export const Scan = z.object({
  $id: z.string(),
  $createdAt: z.string(),
  target: z.string(),
  found: z.number().int().min(0),
  sources: z.array(BreachSource),
})
export type Scan = z.infer<typeof Scan>

/** POST /api/breach/config — which lookups the server has configured (never their keys). */
export const BreachConfig = z.object({ leakCheck: z.boolean() })
export type BreachConfig = z.infer<typeof BreachConfig>

/** Checks per user per minute (a Workers Rate Limiting binding, BREACH_LIMITER). */
export const BREACH_CHECKS_PER_MINUTE = 5
/** The spec's batch size for scans. */
export const SCANS_PER_BATCH = 100
