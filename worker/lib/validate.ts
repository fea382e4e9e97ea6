import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { z, ZodType } from 'zod'
import { createMiddleware } from 'hono/factory'
import { ApiError } from './api-error'

/** The 400 for a body (or query…) the schema refused, naming each issue as `path: message`. */
export function invalidRequest(target: string, error: z.core.$ZodError): ApiError {
  const detail = error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ')
  return new ApiError(400, `Invalid request ${target}: ${detail}`, 'validation_failed')
}

const validated = new WeakMap<object, [string, ZodType][]>()

const JSON_TYPE = /^application\/([a-z-.]+\+)?json(;|$)/i

/**
 * zValidator with our error shape: the default hook would answer with the raw zod result.
 * A JSON target takes only a JSON content type (else 415): Hono's validator reads any other
 * body as `{}`, so a cross-site "simple" text/plain post would reach a schema whose fields are
 * all optional.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) => {
  const check = zValidator(target, schema, (result) => {
    if (!result.success) throw invalidRequest(target, result.error)
  })
  return createMiddleware((c, next) => {
    // Already validated by this very schema in this request (a one-call plan reads the body
    // first, prefetch.ts validBody): the data is in place, parsing it again changes nothing.
    const done = validated.get(c) ?? []
    if (done.some(([t, s]) => t === target && s === schema)) return next()
    if (target === 'json' && !JSON_TYPE.test(c.req.header('content-type') ?? ''))
      throw new ApiError(415, 'Send the body as application/json')
    return check(c, () => {
      validated.set(c, [...done, [target, schema]])
      return next()
    })
  }) as typeof check
}
