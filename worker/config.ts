import { z } from 'zod'

// The environment, parsed once per isolate into one typed config. Optional integrations are
// simply off (undefined) when their variable is empty or unset.
const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
// z.url() alone takes any scheme (file:, gopher:, javascript:): these are fetched, so http(s) only.
const optionalUrl = optional.pipe(
  z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).optional(),
)
const emailList = z
  .string({ message: 'expected a comma-separated list of email addresses' })
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: 'expected email addresses' })))
const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ message: 'expected a whole number' })
    .int({ message: 'expected a whole number' })
    .min(min, { message: `expected at least ${min}` })
    .max(max, { message: `expected at most ${max}` })
    .default(fallback)
// The published local values of .dev.vars.example: anyone can read them, so a production
// deployment that still carries one has no secret at all.
export const LOCAL_DEFAULT_SECRETS = {
  AUTH_SECRET: 'local-dev-only-secret-change-me-0123456789abcdef',
  PASSWORD_PEPPER: 'local-dev-only-pepper-change-me-0123456789abcdef',
  EMBEDDED_API_KEY: 'standard_local-dev-only-key-change-me-0123456789',
} as const
const secret = z
  .string({ message: 'expected a secret of at least 32 characters' })
  .min(32, { message: 'expected a secret of at least 32 characters' })

const schema = z
  .object({
    APP_ENV: z.enum(['development', 'production'], {
      message: 'expected "development" or "production"',
    }),
    APP_ORIGINS: z
      .string({ message: 'expected a comma-separated list of origins' })
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ message: 'expected origins like https://chat.example' }))),
    ALLOWED_EMAILS: emailList,
    ADMIN_EMAIL: z
      .email({ message: 'expected an email address' })
      .transform((e) => e.toLowerCase()),
    SPECIAL_EMAILS: emailList.default([]),
    PRESENCE_GRACE_SECONDS: int(60, 10, 3600),
    APPWRITE_PROJECT_ID: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/, {
      message: 'expected an Appwrite project id',
    }),
    APPWRITE_ENDPOINT: optionalUrl,
    APPWRITE_API_KEY: optional,
    AUTH_SECRET: secret,
    PASSWORD_PEPPER: secret,
    EMBEDDED_API_KEY: secret,
    SESSION_DAYS: int(30, 1, 365),
    MAX_SESSIONS: int(10, 1, 100),
    FILE_MAX_BYTES: int(30 * 1024 * 1024, 1024, 5 * 1024 * 1024 * 1024),
    MAIL_TRANSPORT: z
      .enum(['outbox', 'send_email', 'http'], {
        message: 'expected "outbox", "send_email" or "http"',
      })
      .default('outbox'),
    MAIL_FROM: z.string().default('Kathelia <no-reply@kathelia.test>'),
    MAIL_HTTP_URL: optionalUrl,
    MAIL_HTTP_TOKEN: optional,
    SENTRY_DSN: optionalUrl,
    SENTRY_ENVIRONMENT: z.string().default('production'),
    WEBHOOK_URL: optionalUrl,
    WEBHOOK_FORMAT: z
      .enum(['google-chat', 'slack', 'discord'], {
        message: 'expected "google-chat", "slack" or "discord"',
      })
      .default('google-chat'),
    IP_ECHO_URL: optionalUrl,
    IP_INFO_URL: optionalUrl,
    IP_INFO_TOKEN: optional,
    LEAKCHECK_URL: optionalUrl,
    LEAKCHECK_KEY: optional,
    GIF_API_URL: optionalUrl,
    GIF_API_KEY: optional,
    GIF_PROVIDER: z
      .enum(['tenor', 'giphy'], { message: 'expected "tenor" or "giphy"' })
      .default('tenor'),
    SAFE_BROWSING_URL: optionalUrl,
    SAFE_BROWSING_KEY: optional,
    REPOSITORY_URL: optionalUrl,
    LINK_PREVIEWS: z.enum(['on', 'off'], { message: 'expected "on" or "off"' }).default('on'),
    // Test-only: exact origins (e.g. http://127.0.0.1:4567) a preview may fetch despite the guard.
    LINK_PREVIEW_TEST_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ message: 'expected origins like http://127.0.0.1:4567' })))
      .transform((list) => list.map((o) => new URL(o).origin)),
    VAPID_PUBLIC_KEY: optional.pipe(
      z
        .string()
        .regex(/^B[A-Za-z0-9_-]{86}$/, { message: 'expected a base64url P-256 public key' })
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optional.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'expected a base64url P-256 private key' })
        .optional(),
    ),
    VAPID_SUBJECT: optional.pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'expected a mailto: or https: URL' })
        .optional(),
    ),
    PUSH_ALLOW_HTTP: z
      .enum(['true', 'false', ''], { message: 'expected "true" or "false"' })
      .optional()
      .transform((v) => v === 'true'),
    PWNED_PASSWORDS_URL: optionalUrl,
  })
  .superRefine((c, ctx) => {
    if (c.APPWRITE_ENDPOINT && !c.APPWRITE_API_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['APPWRITE_API_KEY'],
        message: 'required when APPWRITE_ENDPOINT is set',
      })
    if (c.MAIL_TRANSPORT === 'http' && !c.MAIL_HTTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_HTTP_URL'],
        message: 'required when MAIL_TRANSPORT is "http"',
      })
    // Web Push is on with all three VAPID values and off with none; half a key pair is a mistake.
    const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const
    if (vapid.some((k) => c[k]))
      for (const k of vapid)
        if (!c[k])
          ctx.addIssue({ code: 'custom', path: [k], message: 'required when any VAPID_* is set' })
    if (c.PUSH_ALLOW_HTTP && c.APP_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_ALLOW_HTTP'],
        message: 'plain-http push endpoints are for tests only',
      })
    if (c.MAIL_TRANSPORT === 'outbox' && c.APP_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_TRANSPORT'],
        message: 'the outbox is for development; use "send_email" or "http" in production',
      })
    if (c.LINK_PREVIEW_TEST_ORIGINS.length && c.APP_ENV === 'production')
      ctx.addIssue({
        code: 'custom',
        path: ['LINK_PREVIEW_TEST_ORIGINS'],
        message: 'is for tests only and must be empty in production',
      })
    if (c.APP_ENV === 'production')
      for (const [name, local] of Object.entries(LOCAL_DEFAULT_SECRETS))
        if (c[name as keyof typeof LOCAL_DEFAULT_SECRETS] === local)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is the published local default; set a secret of your own in production',
          })
  })

export type Config = z.infer<typeof schema> & { backend: 'embedded' | 'appwrite' }

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const cache = new WeakMap<object, Config>()
// Sentry's wrapper hands each request a new proxy of env, which missed the cache above every
// time (a full parse per request); the variables' values name a config as well as the object.
const byValues = new Map<string, Config>()
const KEYS = Object.keys(schema.shape)

/** Parses the environment; throws a ConfigError naming every wrong variable. */
export function getConfig(env: object): Config {
  const hit = cache.get(env)
  if (hit) return hit
  const values = JSON.stringify(KEYS.map((k) => (env as Record<string, unknown>)[k] ?? null))
  const same = byValues.get(values)
  if (same) {
    cache.set(env, same)
    return same
  }
  const result = schema.safeParse(env)
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment')
      const given = (env as Record<string, unknown>)[name]
      return `${name}: ${given === undefined || given === '' ? 'missing, ' : ''}${i.message}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const config = {
    ...result.data,
    backend: result.data.APPWRITE_ENDPOINT ? 'appwrite' : 'embedded',
  } as Config
  cache.set(env, config)
  if (byValues.size > 16) byValues.clear()
  byValues.set(values, config)
  return config
}

/**
 * The optional features this configuration turns on: the flags tell the SPA (so it never calls
 * one that is off), and each feature refuses by the same rule (GIF search and the link check
 * test the same two variables where they read them).
 */
export const featuresOn = (config: Config) => ({
  gifs: !!(config.GIF_API_URL && config.GIF_API_KEY),
  linkChecks: !!(config.SAFE_BROWSING_URL && config.SAFE_BROWSING_KEY),
  linkPreviews: config.LINK_PREVIEWS === 'on',
})
