import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getBackend, type BackendPort } from '../../worker/backend'
import { restBackend } from '../../worker/backend/rest'
import { backendStub } from '../../worker/appwrite-edge/stub'
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

/** `port`, with `during` run right after its `nth` read of a status row. */
function beaconAfterRead(during: () => Promise<unknown>, port = backend, nth = 1): BackendPort {
  let reads = 0
  return {
    ...port,
    async getRow<T>(table: Parameters<BackendPort['getRow']>[0], rowId: string) {
      const row = await port.getRow<T>(table, rowId)
      if (table === 'status' && ++reads === nth) await during()
      return row
    },
  }
}

// Appwrite mode's adapter (no conditional update: it reads, checks, then writes), here against
// the embedded backend's own REST surface instead of a remote Appwrite.
const appwriteMode = restBackend({
  kind: 'appwrite',
  endpoint: 'http://edge/v1',
  project: config.APPWRITE_PROJECT_ID,
  key: config.EMBEDDED_API_KEY,
  transport: (req) => backendStub(env, config).fetch(req),
})

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

describe('presence against a closing tab, in Appwrite mode', () => {
  it("a heartbeat whose tab's beacon lands between its check and its write leaves the user offline", async () => {
    await reportPresence(appwriteMode, who('race-aw'), {}, 'online', { tab: 'tab-w' })
    // The report's own read, then the adapter's read just before its write: the beacon lands there.
    const racing = beaconAfterRead(() => beacon('race-aw', 'tab-w'), appwriteMode, 2)
    const report = await reportPresence(racing, who('race-aw'), {}, 'online', { tab: 'tab-w' })
    expect(report.notice).toBeUndefined()
    expect(report.row).toMatchObject({ isOnline: false, presence: 'offline', closed: true })
    expect(await statusOf('race-aw')).toMatchObject({
      isOnline: false,
      presence: 'offline',
      closed: true,
    })
  })

  it('another tab reporting meanwhile is still online', async () => {
    await reportPresence(appwriteMode, who('race-aw2'), {}, 'online', { tab: 'tab-x' })
    const racing = beaconAfterRead(() => beacon('race-aw2', 'tab-x'), appwriteMode, 2)
    await reportPresence(racing, who('race-aw2'), {}, 'online', { tab: 'tab-y' })
    expect(await statusOf('race-aw2')).toMatchObject({ isOnline: true, presence: 'online' })
  })
})
