import { describe, expect, it } from 'vitest'
import { ConfigError, getConfig, LOCAL_DEFAULT_SECRETS } from '../../worker/config'
import { readFileSync } from 'node:fs'
import { parseVars } from '../../scripts/local-vars'

const example = parseVars(readFileSync('.dev.vars.example', 'utf8'))

// getConfig caches per env object, so every case builds a fresh one.
const vars = (overrides: Record<string, string | undefined> = {}) => {
  const env: Record<string, string | undefined> = { ...example, ...overrides }
  for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete env[k]
  return env
}

function configError(env: object): ConfigError {
  try {
    getConfig(env)
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return err as ConfigError
  }
  throw new Error('expected getConfig to throw a ConfigError')
}

describe('getConfig', () => {
  it('parses the documented example variables', () => {
    const config = getConfig(vars())
    expect(config.APP_ENV).toBe('development')
    expect(config.APP_ORIGINS).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173'])
    expect(config.ALLOWED_EMAILS).toEqual([
      'ada@kathelia.test',
      'ben@kathelia.test',
      'dummy@kathelia.test',
    ])
    expect(config.ADMIN_EMAIL).toBe('ada@kathelia.test')
    expect(config.SESSION_DAYS).toBe(30)
    expect(config.MAX_SESSIONS).toBe(10)
    expect(config.FILE_MAX_BYTES).toBe(31_457_280)
    expect(config.MAIL_TRANSPORT).toBe('outbox')
    expect(config.backend).toBe('embedded')
  })

  it('names a missing ADMIN_EMAIL and what it expects', () => {
    const err = configError(vars({ ADMIN_EMAIL: undefined }))
    expect(err.message).toMatch(/^ADMIN_EMAIL: missing, expected an email address$/m)
  })

  it('names a malformed APP_ORIGINS and what it expects', () => {
    const err = configError(vars({ APP_ORIGINS: 'https://chat.example,not a url' }))
    expect(err.message).toMatch(/^APP_ORIGINS: expected origins like https:\/\/chat\.example$/m)
  })

  it('names a short AUTH_SECRET and what it expects', () => {
    const err = configError(vars({ AUTH_SECRET: 'too-short' }))
    expect(err.message).toMatch(/^AUTH_SECRET: expected a secret of at least 32 characters$/m)
  })

  it('names a missing PASSWORD_PEPPER and what it expects', () => {
    const err = configError(vars({ PASSWORD_PEPPER: undefined }))
    expect(err.message).toMatch(
      /^PASSWORD_PEPPER: missing, expected a secret of at least 32 characters$/m,
    )
  })

  it('requires APPWRITE_API_KEY once APPWRITE_ENDPOINT is set', () => {
    const err = configError(vars({ APPWRITE_ENDPOINT: 'https://cloud.appwrite.io/v1' }))
    expect(err.message).toMatch(/^APPWRITE_API_KEY: .*required when APPWRITE_ENDPOINT is set$/m)
  })

  it('defaults the presence grace period to 60 s when PRESENCE_GRACE_SECONDS is unset', () => {
    // wrangler.toml [vars] does not set it: production relies on this default.
    expect(getConfig(vars({ PRESENCE_GRACE_SECONDS: undefined })).PRESENCE_GRACE_SECONDS).toBe(60)
    expect(getConfig(vars({ PRESENCE_GRACE_SECONDS: '10' })).PRESENCE_GRACE_SECONDS).toBe(10)
    const err = configError(vars({ PRESENCE_GRACE_SECONDS: '5' }))
    expect(err.message).toMatch(/^PRESENCE_GRACE_SECONDS: expected at least 10$/m)
  })

  it('lists every wrong variable at once', () => {
    const err = configError(vars({ ADMIN_EMAIL: 'nobody', AUTH_SECRET: 'x' }))
    expect(err.message).toContain('ADMIN_EMAIL')
    expect(err.message).toContain('AUTH_SECRET')
  })

  it('turns integrations off when their variables are empty', () => {
    const config = getConfig(vars({ WEBHOOK_URL: '  ', SENTRY_DSN: '' }))
    for (const key of [
      'SENTRY_DSN',
      'WEBHOOK_URL',
      'IP_ECHO_URL',
      'IP_INFO_URL',
      'LEAKCHECK_URL',
      'GIF_API_URL',
      'PWNED_PASSWORDS_URL',
      'APPWRITE_ENDPOINT',
      'APPWRITE_API_KEY',
    ] as const)
      expect(config[key], key).toBeUndefined()
  })

  it('keeps a configured integration', () => {
    const config = getConfig(vars({ WEBHOOK_URL: 'https://chat.example/hook' }))
    expect(config.WEBHOOK_URL).toBe('https://chat.example/hook')
  })

  it('switches to the Appwrite backend when endpoint and key are set', () => {
    const config = getConfig(
      vars({ APPWRITE_ENDPOINT: 'https://cloud.appwrite.io/v1', APPWRITE_API_KEY: 'standard_abc' }),
    )
    expect(config.backend).toBe('appwrite')
    expect(config.APPWRITE_ENDPOINT).toBe('https://cloud.appwrite.io/v1')
  })

  it('refuses the published local secrets in production, naming each', () => {
    // The list must be exactly what .dev.vars.example publishes, or a changed example slips by.
    for (const [name, value] of Object.entries(LOCAL_DEFAULT_SECRETS))
      expect(example[name]).toBe(value)
    const prod = {
      APP_ENV: 'production',
      MAIL_TRANSPORT: 'http',
      MAIL_HTTP_URL: 'https://mail.example/send',
    }
    const err = configError(vars(prod))
    for (const name of Object.keys(LOCAL_DEFAULT_SECRETS))
      expect(err.message).toMatch(
        new RegExp(
          `^${name}: is the published local default; set a secret of your own in production$`,
          'm',
        ),
      )
    const own = {
      AUTH_SECRET: 'a'.repeat(40),
      PASSWORD_PEPPER: 'b'.repeat(40),
      EMBEDDED_API_KEY: 'c'.repeat(40),
    }
    expect(getConfig(vars({ ...prod, ...own })).APP_ENV).toBe('production')
  })

  it('keeps accepting the local secrets in development', () => {
    expect(getConfig(vars()).AUTH_SECRET).toBe(LOCAL_DEFAULT_SECRETS.AUTH_SECRET)
  })
})

describe('getConfig per request', () => {
  it('a new object with the same values (Sentry proxies env per request) is not parsed again', () => {
    const env = vars({ SESSION_DAYS: '12' })
    const first = getConfig(env)
    expect(getConfig(new Proxy(env, {}))).toBe(first)
    expect(getConfig({ ...env })).toBe(first)
  })

  it('other values are parsed on their own', () => {
    expect(getConfig(vars({ SESSION_DAYS: '13' })).SESSION_DAYS).toBe(13)
    expect(getConfig(vars({ SESSION_DAYS: '14' })).SESSION_DAYS).toBe(14)
  })
})
