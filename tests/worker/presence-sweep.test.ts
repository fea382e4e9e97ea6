import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getBackend, type BackendPort } from '../../worker/backend'
import { getConfig } from '../../worker/config'
import { reportPresence, sweepPresence } from '../../worker/services/presence'

// The cron sweep against the embedded backend in workerd. "Later" is passed as the sweep's clock,
// so a report made just now counts as silent past the grace period.
const config = getConfig(env)
const backend = getBackend(env, config)
const later = () => Date.now() + (config.PRESENCE_GRACE_SECONDS + 5) * 1000
const statusOf = (userId: string) =>
  backend.getRow<{ isOnline: boolean; presence: string }>('status', userId)

describe('presence sweep', () => {
  it('marks a user silent past the grace period offline', async () => {
    await reportPresence(backend, 'sweep-silent', {}, 'online')
    const { changed } = await sweepPresence(backend, config, later())
    expect(changed).toBeGreaterThanOrEqual(1)
    expect(await statusOf('sweep-silent')).toMatchObject({ isOnline: false, presence: 'offline' })
  })

  it('leaves online a user whose report lands while the sweep runs', async () => {
    await reportPresence(backend, 'sweep-back', {}, 'online')
    // The report arrives between the sweep's listing (which still saw the old lastSeenAt) and its write.
    const racing: BackendPort = {
      ...backend,
      listRows: async (...args: Parameters<BackendPort['listRows']>) => {
        const list = await backend.listRows(...args)
        await reportPresence(backend, 'sweep-back', {}, 'online')
        return list as never
      },
    }
    await sweepPresence(racing, config, later())
    expect(await statusOf('sweep-back')).toMatchObject({ isOnline: true, presence: 'online' })
  })
})
