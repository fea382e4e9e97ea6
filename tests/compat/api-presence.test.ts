import { describe, expect, it } from 'vitest'
import { adapters, sleep } from './api-setup'
import { GRACE_SECONDS, notifyApi, useNotifyWorld } from './api-notify-setup'

// Presence transitions and their announcements, through both adapters: what the sweep makes of a
// silent user, announced once, and what it leaves alone. The cron handler is run by hand.
const world = useNotifyWorld()
const MINUTE = 60_000

describe.each(adapters(() => world.pair))('presence with the %s adapter', (_mode, url) => {
  const api = notifyApi(world, url)
  const ben = () => world.users.ben

  it('a reload within the grace period announces nothing', async () => {
    await api.announcedOnline(ben())
    expect((await api.beacon(ben())).status).toBe(204)
    expect(await api.status(ben())).toMatchObject({ isOnline: false, presence: 'offline' })
    expect((await api.online(ben())).body).toMatchObject({ isOnline: true, presence: 'online' })
    await api.sweep()
    await sleep(1500)
    expect(api.texts()).toEqual([])
  })

  it('one tab hiding or closing leaves its user online while another is in view; a logout does not', async () => {
    await api.announcedOnline(ben())
    // Ben's desktop and phone, both in view.
    for (const tab of ['desk', 'phone']) await api.report(ben(), { isOnline: true }, tab)
    // The desktop's tab is hidden, then closed: the phone still shows him.
    await api.report(ben(), { isOnline: false, presence: 'away' }, 'desk')
    expect(await api.status(ben())).toMatchObject({ isOnline: true, presence: 'online' })
    expect((await api.beacon(ben(), 'desk')).status).toBe(204)
    expect(await api.status(ben())).toMatchObject({ isOnline: true, presence: 'online' })
    // A report the closed tab had on its way changes nothing.
    await api.report(ben(), { isOnline: true }, 'desk')
    await api.report(ben(), { isOnline: false, presence: 'away' }, 'phone')
    expect(await api.status(ben())).toMatchObject({ isOnline: false, presence: 'away' })
    // In view again, then a logout (no tab: every session ends): offline at once.
    await api.report(ben(), { isOnline: true }, 'phone')
    expect((await api.logout(ben())).status).toBe(200)
    expect(await api.status(ben())).toMatchObject({ isOnline: false, presence: 'offline' })
    await api.sweep()
    await sleep(1000)
    expect(api.texts()).toEqual([])
  })

  it('a hidden tab is announced "away" once, after the grace period', async () => {
    await api.announcedOnline(ben())
    await api.away(ben())
    // Within the grace period: nothing yet (a quick tab switch is not news).
    await api.sweep()
    await sleep(1000)
    expect(api.texts()).toEqual([])
    expect(await api.status(ben())).toMatchObject({ presence: 'away', announced: 'online' })
    await api.sweepAfterSilence(ben(), MINUTE)
    expect(api.texts()).toEqual(['Offline: Ben is away'])
    expect(await api.status(ben())).toMatchObject({
      isOnline: false,
      presence: 'away',
      announced: 'away',
    })
  })

  it('marks a silent visible tab offline and announces once', async () => {
    await api.announcedOnline(ben())
    await api.heartbeat(ben())
    await api.sweepAfterSilence(ben(), MINUTE)
    expect(api.texts()).toEqual(['Offline: Ben is offline'])
    expect(await api.status(ben())).toMatchObject({
      isOnline: false,
      presence: 'offline',
      announced: 'offline',
    })
    expect(await api.homeNotices()).toContain('Ben is offline')
  })

  it('a closed tab is announced as "closed the browser", a logout as "is offline", once each', async () => {
    await api.announcedOnline(ben())
    expect((await api.beacon(ben())).status).toBe(204)
    await api.sweepAfterSilence(ben(), MINUTE)
    expect(api.texts()).toEqual(['Offline: Ben closed the browser'])
    expect(await api.status(ben())).toMatchObject({ presence: 'offline', announced: 'offline' })

    await api.announcedOnline(ben())
    expect((await api.logout(ben())).status).toBe(200)
    await api.sweepAfterSilence(ben(), MINUTE)
    expect(api.texts()).toEqual(['Offline: Ben is offline'])
    expect(await api.homeNotices()).toEqual(
      expect.arrayContaining(['Ben closed the browser', 'Ben is offline']),
    )
  })

  it('a hidden tab keeps beating as away; silent past the away limit it is offline, announced once', async () => {
    await api.announcedOnline(ben())
    await api.away(ben())
    const beat = await api.heartbeat(ben(), 'away')
    // Visible tabs beat every grace/3, hidden ones every 100 s (the away limit is 5 min).
    expect(beat.body).toMatchObject({
      isOnline: false,
      intervalMs: Math.floor((GRACE_SECONDS * 1000) / 3),
      hiddenIntervalMs: 100_000,
    })
    expect(await api.status(ben())).toMatchObject({ presence: 'away' })
    // Hidden for a minute, its last heartbeat just now: away.
    await api.rewind(ben(), MINUTE, 0)
    await api.sweep()
    await world.hook.waitFor(1)
    expect(await api.status(ben())).toMatchObject({ presence: 'away', announced: 'away' })
    // No heartbeat for 6 minutes (a closed laptop): offline, once.
    await api.sweepAfterSilence(ben(), 6 * MINUTE, 2)
    expect(api.texts()).toEqual(['Offline: Ben is away', 'Offline: Ben is offline'])
    expect(await api.status(ben())).toMatchObject({ presence: 'offline', announced: 'offline' })
  })
})
