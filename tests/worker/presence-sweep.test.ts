import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getBackend, q, type BackendPort } from '../../worker/backend'
import { getConfig } from '../../worker/config'
import { keepAlive, presenceTimings, reportPresence } from '../../worker/services/presence'
import { sweepPresence } from '../../worker/services/presence-sweep'

// The cron sweep against the embedded backend in workerd. "Later" is passed as the sweep's clock,
// so a report made just now counts as silent past the grace period.
const config = getConfig(env)
const backend = getBackend(env, config)
const timings = presenceTimings(config)
const later = () => Date.now() + (config.PRESENCE_GRACE_SECONDS + 5) * 1000
const statusOf = (userId: string) =>
  backend.getRow<{ isOnline: boolean; presence: string; announced: string }>('status', userId)
const iso = (ms: number) => new Date(ms).toISOString()

/** The port with the owner of status row `userId` a special user (announced) named `name`. */
const announcedAs = (userId: string, name: string): BackendPort => ({
  ...backend,
  getUser: async (id: string) =>
    id === userId
      ? { $id: id, name, email: 'ben@kathelia.test', emailVerification: true, status: true }
      : undefined,
})
const homeNotices = async (message: string) =>
  (
    await backend.listRows('messages', [
      q.equal('roomId', 'home'),
      q.equal('message', message),
      q.limit(100),
    ])
  ).total

describe('presence timings', () => {
  it('derive from PRESENCE_GRACE_SECONDS: away limit max(5 x grace, 5 min), beats a third', () => {
    expect(presenceTimings({ PRESENCE_GRACE_SECONDS: 60 })).toEqual({
      graceMs: 60_000,
      awayLimitMs: 300_000,
      intervalMs: 20_000,
      hiddenIntervalMs: 100_000,
    })
    expect(presenceTimings({ PRESENCE_GRACE_SECONDS: 10 }).awayLimitMs).toBe(300_000)
    // The hidden beat stays at most 4 min so the cached JWT outlives the gap between beats.
    expect(presenceTimings({ PRESENCE_GRACE_SECONDS: 600 })).toMatchObject({
      awayLimitMs: 3_000_000,
      hiddenIntervalMs: 240_000,
    })
  })
})

/** A caller as the routes pass one: the verified account's id and name. */
const who = (id: string) => ({ $id: id, name: id })

describe('presence sweep', () => {
  it('marks a user silent past the grace period offline', async () => {
    await reportPresence(backend, who('sweep-silent'), {}, 'online')
    const { changed } = await sweepPresence(backend, config, later())
    expect(changed).toBeGreaterThanOrEqual(1)
    expect(await statusOf('sweep-silent')).toMatchObject({ isOnline: false, presence: 'offline' })
  })

  it('pages through every status row, not only the first 100', async () => {
    const silent = iso(Date.now() - 10 * 60_000)
    const ids = Array.from({ length: 105 }, (_, i) => `sweep-many-${i}`)
    for (const id of ids)
      await backend.createRow('status', id, {
        isOnline: true,
        isTyping: false,
        presence: 'online',
        lastSeenAt: silent,
        aliveAt: silent,
      })
    const { checked } = await sweepPresence(backend, config)
    expect(checked).toBeGreaterThanOrEqual(ids.length)
    for (const id of ids) expect((await statusOf(id))?.presence, id).toBe('offline')
  })

  it('leaves online a user whose report lands while the sweep runs', async () => {
    await reportPresence(backend, who('sweep-back'), {}, 'online')
    // The report arrives between the sweep's listing (which still saw the old lastSeenAt) and its write.
    const racing: BackendPort = {
      ...backend,
      listRows: async (...args: Parameters<BackendPort['listRows']>) => {
        const list = await backend.listRows(...args)
        await reportPresence(backend, who('sweep-back'), {}, 'online')
        return list as never
      },
    }
    await sweepPresence(racing, config, later())
    expect(await statusOf('sweep-back')).toMatchObject({ isOnline: true, presence: 'online' })
  })

  it('a hidden tab that falls silent is away, then offline after the away limit, each announced once', async () => {
    const as = announcedAs('sweep-hidden', 'Hidden Hugo')
    await reportPresence(backend, who('sweep-hidden'), {}, 'online')
    await reportPresence(backend, who('sweep-hidden'), {}, 'away')
    const t0 = Date.now()
    await sweepPresence(as, config, t0 + timings.graceMs + 5_000)
    expect(await statusOf('sweep-hidden')).toMatchObject({ presence: 'away', announced: 'away' })
    await sweepPresence(as, config, t0 + timings.awayLimitMs + 5_000)
    expect(await statusOf('sweep-hidden')).toMatchObject({
      isOnline: false,
      presence: 'offline',
      announced: 'offline',
    })
    await sweepPresence(as, config, t0 + timings.awayLimitMs + 65_000)
    expect(await homeNotices('Hidden Hugo is away')).toBe(1)
    expect(await homeNotices('Hidden Hugo is offline')).toBe(1)
  })

  it("a hidden tab's heartbeats keep the user away past the away limit, and never undo online", async () => {
    await reportPresence(backend, who('sweep-beating'), {}, 'online')
    // Another tab of the user is hidden and beats: the visible tab's "online" stands.
    await keepAlive(backend, who('sweep-beating'))
    expect(await statusOf('sweep-beating')).toMatchObject({ isOnline: true, presence: 'online' })
    await reportPresence(backend, who('sweep-beating'), {}, 'away')
    const t0 = Date.now()
    await backend.updateRow('status', 'sweep-beating', { aliveAt: iso(t0 + 4 * 60_000) })
    await sweepPresence(backend, config, t0 + timings.awayLimitMs + 5_000)
    expect(await statusOf('sweep-beating')).toMatchObject({ presence: 'away' })
  })

  it('a visible tab that dies while a hidden one still beats leaves the user away', async () => {
    await reportPresence(backend, who('sweep-two-tabs'), {}, 'online')
    const t0 = Date.now()
    await backend.updateRow('status', 'sweep-two-tabs', { aliveAt: iso(t0 + 30_000) })
    await sweepPresence(backend, config, t0 + timings.graceMs + 40_000)
    expect(await statusOf('sweep-two-tabs')).toMatchObject({ isOnline: false, presence: 'away' })
  })
})
