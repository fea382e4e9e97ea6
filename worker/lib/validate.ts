import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z, ZodType } from 'zod'
import { ApiError } from './api-error'

/** The 400 for a body (or query…) the schema refused, naming each issue as `path: message`. */
export function invalidRequest(target: string, error: z.core.$ZodError): ApiError {
  const detail = error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ')
  return new ApiError(400, `Invalid request ${target}: ${detail}`, 'validation_failed')
}

/**
 * zValidator with our error shape: the default hook would answer with the raw zod result.
 * A non-JSON body never reaches the schema (Hono answers 400 first), which also keeps
 * cross-site "simple" requests away from cookie-authenticated routes.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw invalidRequest(target, result.error)
  })
