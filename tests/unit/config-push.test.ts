import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseVars } from '../../scripts/local-vars'
import { getConfig } from '../../worker/config'
import { endpointAllowed, vapidOf } from '../../worker/services/push/push-config'

const example = parseVars(readFileSync('.dev.vars.example', 'utf8'))
const env = (o: Record<string, string> = {}) => ({ ...example, ...o })

describe('Web Push configuration', () => {
  it('is on with the local VAPID defaults and off with all three empty', () => {
    expect(vapidOf(getConfig(env()))?.publicKey).toBe(example.VAPID_PUBLIC_KEY)
    const off = env({ VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' })
    expect(vapidOf(getConfig(off))).toBeUndefined()
  })

  it('names a missing or malformed VAPID variable', () => {
    expect(() => getConfig(env({ VAPID_PRIVATE_KEY: '' }))).toThrow(
      /VAPID_PRIVATE_KEY: missing, required when any VAPID_\* is set/,
    )
    expect(() => getConfig(env({ VAPID_PUBLIC_KEY: 'abc' }))).toThrow(/VAPID_PUBLIC_KEY: expected/)
    expect(() => getConfig(env({ VAPID_SUBJECT: 'push@kathelia.test' }))).toThrow(
      /VAPID_SUBJECT: expected a mailto: or https: URL/,
    )
  })

  it('accepts plain-http endpoints only with the tests’ switch, never in production', () => {
    expect(endpointAllowed(getConfig(env()), 'http://127.0.0.1:9/push/a')).toBe(false)
    expect(endpointAllowed(getConfig(env()), 'https://push.example.net/a')).toBe(true)
    const on = getConfig(env({ PUSH_ALLOW_HTTP: 'true' }))
    expect(endpointAllowed(on, 'http://127.0.0.1:9/push/a')).toBe(true)
    expect(() =>
      getConfig(
        env({
          PUSH_ALLOW_HTTP: 'true',
          APP_ENV: 'production',
          MAIL_TRANSPORT: 'http',
          MAIL_HTTP_URL: 'https://m.example',
        }),
      ),
    ).toThrow(/PUSH_ALLOW_HTTP: plain-http push endpoints are for tests only/)
  })
})
