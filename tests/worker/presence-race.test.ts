import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getBackend, type BackendPort } from '../../worker/backend'
import { getConfig } from '../../worker/config'
import { keepAlive, reportPresence } from '../../worker/services/presence'

// A closing tab's beacon that lands while one of its own reports is in flight: between the
// report's read of the status row and its write. The embedded backend in workerd; the port is
// wrapped only to run the beacon at that moment.
const config = getConfig(env)
const backend = getBackend(env, config)
const who = (id: string) => ({ $id: id, name: id })
const statusOf = (userId: string) =>
  backend.getRow<{ isOnline: boolean; presence: string; closed: boolean; aliveAt: string }>(
    'status',
    userId,
  )

/** The port, with `during` run right after the first read of a status row. */
function beaconAfterRead(during: () => Promise<unknown>): BackendPort {
  let ran = false
  return {
    ...backend,
    async getRow<T>(table: Parameters<BackendPort['getRow']>[0], rowId: string) {
      const row = await backend.getRow<T>(table, rowId)
      if (table === 'status' && !ran) {
        ran = true
        await during()
      }
      return row
    },
  }
}

const beacon = (id: string, tab: string) =>
  reportPresence(backend, who(id), {}, 'offline', { beacon: true, tab })

describe('presence against a closing tab', () => {
  it("a heartbeat that read the row before its tab's beacon does not turn the user online again", async () => {
    await reportPresence(backend, who('race-beat'), {}, 'online', { tab: 'tab-a' })
    const racing = beaconAfterRead(() => beacon('race-beat', 'tab-a'))
    const { notice } = await reportPresence(racing, who('race-beat'), {}, 'online', {
      tab: 'tab-a',
    })
    expect(notice).toBeUndefined()
    expect(await statusOf('race-beat')).toMatchObject({
      isOnline: false,
      presence: 'offline',
      closed: true,
    })
  })

  it("a hidden tab's keep-alive that read the row before its beacon leaves the beacon's row", async () => {
    await reportPresence(backend, who('race-alive'), {}, 'away', { tab: 'tab-h' })
    let closedAt: string | null = ''
    const racing = beaconAfterRead(async () => {
      closedAt = (await beacon('race-alive', 'tab-h')).row.aliveAt
    })
    await keepAlive(racing, who('race-alive'), 'tab-h')
    expect(await statusOf('race-alive')).toMatchObject({ presence: 'offline', aliveAt: closedAt })
  })

  it('another tab of the same user still reports online after the first one closed', async () => {
    await reportPresence(backend, who('race-other'), {}, 'online', { tab: 'tab-1' })
    const racing = beaconAfterRead(() => beacon('race-other', 'tab-1'))
    await reportPresence(racing, who('race-other'), {}, 'online', { tab: 'tab-2' })
    expect(await statusOf('race-other')).toMatchObject({ isOnline: true, presence: 'online' })
  })
})
