import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { getBackend } from '../../worker/backend'
import { getConfig } from '../../worker/config'
import {
  ACTIVE_STEP_MS,
  ACTIVITY_KEPT_MS,
  noteDeviceActive,
  pruneDeviceActivity,
  type DeviceActivity,
} from '../../worker/services/device-activity'

// Settings' "last active" rows against the embedded backend in workerd, with the clock passed in.
const backend = getBackend(env, getConfig(env))
const rowOf = (id: string) => backend.getRow<DeviceActivity>('session_activity', id)

describe('device activity', () => {
  it('is written again once a minute has passed, not before', async () => {
    const id = `s-${crypto.randomUUID().slice(0, 8)}`
    const t0 = Date.parse('2026-11-28T10:00:00.000Z')
    await noteDeviceActive(backend, 'u-step', id, undefined, t0)
    const first = await rowOf(id)
    expect(Date.parse(first!.activeAt)).toBe(t0)
    expect(first!.$permissions).toEqual(['read("user:u-step")'])
    await noteDeviceActive(backend, 'u-step', id, first, t0 + ACTIVE_STEP_MS - 1)
    expect(Date.parse((await rowOf(id))!.activeAt)).toBe(t0)
    await noteDeviceActive(backend, 'u-step', id, first, t0 + ACTIVE_STEP_MS)
    expect(Date.parse((await rowOf(id))!.activeAt)).toBe(t0 + ACTIVE_STEP_MS)
  })

  it("the cron deletes the rows of sessions long ended, and keeps the others'", async () => {
    const now = Date.parse('2027-12-31T00:00:00.000Z')
    const [old, kept] = [
      `old-${crypto.randomUUID().slice(0, 8)}`,
      `new-${crypto.randomUUID().slice(0, 8)}`,
    ]
    await noteDeviceActive(backend, 'u-prune', old, undefined, now - ACTIVITY_KEPT_MS - 1)
    await noteDeviceActive(backend, 'u-prune', kept, undefined, now - ACTIVITY_KEPT_MS + 60_000)
    expect(await pruneDeviceActivity(backend, now)).toBeGreaterThanOrEqual(1)
    expect(await rowOf(old)).toBeUndefined()
    expect(await rowOf(kept)).toBeDefined()
  })
})
