import { z } from 'zod'
import { Id } from './common'

// POST /api/system/log — an audit entry in the logs table (readable by team admin only).
export const LogRequest = z.object({
  section: z.string().trim().min(1).max(64),
  action: z.string().trim().min(1).max(64),
  description: z.string().trim().min(1).max(1000),
  // When given it must be the caller; the server records the caller either way.
  userId: Id.optional(),
  // Any JSON; stored serialised, at most 10,000 characters.
  data: z.unknown().optional(),
})
export type LogRequest = z.input<typeof LogRequest>
export const LogResponse = z.object({ $id: z.string() })
export type LogResponse = z.infer<typeof LogResponse>
