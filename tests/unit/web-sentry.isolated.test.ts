import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RELEASE } from '../../shared/constants'

// The options initSentry hands to the Sentry SDK (a third party, replaced here by a recorder).
const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  tanstackRouterBrowserTracingIntegration: vi.fn(() => ({ name: 'router-tracing' })),
}))
vi.mock('@sentry/react', () => sentry)

type Options = {
  tracesSampler(ctx: {
    name: string
    normalizedRequest?: { url?: string }
    inheritOrSampleWith(rate: number): number
  }): number
} & Record<string, unknown>

async function initOptions(): Promise<Options> {
  const { initSentry } = await import('../../web/lib/sentry')
  initSentry('https://public@o123.ingest.sentry.io/7', {} as never)
  return sentry.init.mock.calls.at(-1)![0] as Options
}

describe('initSentry (spec sections 7 and 9: monitoring)', () => {
  beforeEach(() => vi.stubGlobal('location', new URL('http://localhost:5173/rooms/home')))
  afterEach(() => vi.unstubAllGlobals())

  it('tunnels through /monitoring, samples every trace and no replays', async () => {
    const options = await initOptions()
    expect(options).toMatchObject({
      dsn: 'https://public@o123.ingest.sentry.io/7',
      release: RELEASE,
      tunnel: '/monitoring?o=123&p=7',
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 0,
    })
    expect(options.integrations).toEqual([{ name: 'router-tracing' }])
  })

  it('adds tracing headers only to localhost and relative paths', async () => {
    const targets = (await initOptions()).tracePropagationTargets as (string | RegExp)[]
    const traced = (url: string) =>
      targets.some((t) => (typeof t === 'string' ? url.includes(t) : t.test(url)))
    expect(targets).toContain('localhost')
    expect(traced('/api/message/add')).toBe(true)
    expect(traced('http://localhost:5173/v1/account')).toBe(true)
    expect(traced('https://api.ipinfo.io/json')).toBe(false)
  })

  it('never samples /404', async () => {
    const { tracesSampler } = await initOptions()
    const inheritOrSampleWith = (rate: number) => rate
    expect(tracesSampler({ name: '/404', inheritOrSampleWith })).toBe(0)
    expect(
      tracesSampler({ name: 'GET', normalizedRequest: { url: '/404' }, inheritOrSampleWith }),
    ).toBe(0)
    expect(tracesSampler({ name: '/rooms/$roomId', inheritOrSampleWith })).toBe(1)
  })
})
