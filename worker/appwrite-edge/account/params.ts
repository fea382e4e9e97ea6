import type { Context } from 'hono'
import { z } from 'zod'
import { INTERNAL } from '../context'
import { fail } from '../errors'

// Request parameters validated the way Appwrite's utopia-php/http does, with its messages:
// a missing param → `Param "x" is not optional.`; a bad one → ``Invalid `x` param: <rule>``.

export type Param<T> = { schema: z.ZodType<T>; rule: string; optional?: boolean; fallback?: T }
type Spec = Record<string, Param<unknown>>
type Out<S extends Spec> = { [K in keyof S]: S[K] extends Param<infer T> ? T : never }

const thousands = (n: number) => n.toLocaleString('en-US')
const ID_RULE = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/

export const P = {
  email: (): Param<string> => ({
    schema: z.email().max(254),
    rule: 'Value must be a valid email address',
  }),
  text: (max: number, min = 0): Param<string> => ({
    schema: z.string().min(min).max(max),
    rule: `Value must be a valid string${min ? ` and at least ${min} chars` : ''} and no longer than ${max} chars`,
  }),
  /** A new id: custom or `unique()` (resolved by the caller). */
  customId: (): Param<string> => ({
    schema: z.string().refine((v) => v === 'unique()' || ID_RULE.test(v)),
    rule: "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
  }),
  uid: (): Param<string> => ({
    schema: z.string().regex(ID_RULE),
    rule: "UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
  }),
  bool: (): Param<boolean> => ({ schema: z.boolean(), rule: 'Value must be a valid boolean' }),
  range: (min: number, max: number): Param<number> => ({
    schema: z.number().int().min(min).max(max),
    rule: `Value must be a valid range between ${thousands(min)} and ${thousands(max)}`,
  }),
  object: (): Param<Record<string, unknown>> => ({
    schema: z
      .record(z.string(), z.unknown())
      .refine((v) => !Array.isArray(v) && JSON.stringify(v).length <= 65535),
    rule: 'Value must be a valid object.',
  }),
  url: (): Param<string> => ({
    schema: z.url({ protocol: /^https?$/ }),
    rule: 'Value must be a valid URL',
  }),
  strings: (maxItems: number, itemMax: number): Param<string[]> => ({
    schema: z.array(z.string().min(1).max(itemMax)).max(maxItems),
    rule: `Value must a valid array no longer than ${maxItems} items and Value must be a valid string and at least 1 chars and no longer than ${itemMax} chars`,
  }),
}

/** Marks a param optional, with the value used when it is absent. */
export const opt = <T>(p: Param<T>, fallback?: T): Param<T> => ({ ...p, optional: true, fallback })

export function parseParams<S extends Spec>(input: Record<string, unknown>, spec: S): Out<S> {
  const out: Record<string, unknown> = {}
  for (const [name, p] of Object.entries(spec)) {
    const value = input[name]
    if (value === undefined || value === null) {
      if (!p.optional) fail('general_argument_invalid', `Param "${name}" is not optional.`)
      out[name] = p.fallback
      continue
    }
    const r = p.schema.safeParse(value)
    if (!r.success) fail('general_argument_invalid', `Invalid \`${name}\` param: ${p.rule}`)
    out[name] = r.data
  }
  return out as Out<S>
}

/** The JSON body (SDKs send `{}` even for DELETE); an unreadable body is a bad argument. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  if (!text.trim()) return {}
  try {
    const v = JSON.parse(text) as unknown
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>
  } catch {
    // falls through to the error below
  }
  fail('general_argument_invalid', 'Invalid JSON body.')
}

/** The password hash the Worker put in the internal header (it removed the plain password). */
export function hashedPassword(c: Context): string {
  return (
    c.req.header(INTERNAL.newPassword) ??
    fail('general_argument_invalid', 'Param "password" is not optional.')
  )
}

/** Query-string booleans arrive as "true"/"false" (GET params are flattened by the SDKs). */
export const queryBool = (v: string | undefined, fallback: boolean) =>
  v === undefined ? fallback : v === 'true' || v === '1'

/**
 * A link target for mails: only the app's own origins (APP_ORIGINS or the origin this request
 * came to), so a mail can never send a secret to someone else's site.
 */
export function appUrl(value: string, requestUrl: string, origins: string[]): string {
  const allowed = new Set([new URL(requestUrl).origin, ...origins.map((o) => new URL(o).origin)])
  if (!allowed.has(new URL(value).origin))
    fail(
      'general_argument_invalid',
      `Invalid \`url\` param: URL host must be one of: ${[...allowed].map((o) => new URL(o).host).join(', ')}`,
    )
  return value
}
