import { env } from 'cloudflare:workers'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { getBackend } from '../../worker/backend'
import { getConfig } from '../../worker/config'
import type { ApiHono } from '../../worker/middleware/context'
import { ownStatusAndDevice } from '../../worker/middleware/prefetch'
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

  it("is read beside the check only for a visible tab's heartbeat, the one that writes it", async () => {
    // The plan names rows from the JWT's claims, unverified (the check comes in the same call).
    const claims = btoa(JSON.stringify({ userId: 'u-plan', sessionId: 's-plan' }))
    const plan = new Hono<ApiHono>().post('/', async (c) =>
      c.json(await ownStatusAndDevice(c, 'u-plan')),
    )
    const readsFor = async (body: unknown) => {
      const res = await plan.request('/', {
        method: 'POST',
        headers: { authorization: `Bearer h.${claims}.s`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return ((await res.json()) as { reads: { table: string; rowId: string }[] }).reads
    }
    const device = { table: 'session_activity', rowId: 's-plan' }
    expect(await readsFor({ presence: 'online' })).toContainEqual(device)
    expect(await readsFor({})).toContainEqual(device)
    expect(await readsFor({ presence: 'away' })).not.toContainEqual(device)
    expect(await readsFor({ presence: 'nearby' })).not.toContainEqual(device)
    expect(await readsFor({ presence: 'away' })).toContainEqual({
      table: 'status',
      rowId: 'u-plan',
    })
  })
})
