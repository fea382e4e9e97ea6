import type { Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCaptureServer, type CaptureServer } from '../fixtures/capture-server'
import {
  ADA,
  BEN,
  chateePresence,
  messageInLog,
  presenceShown,
  setTabHidden,
  startPair,
  type Pair,
} from './helpers/pair'
import { HOME_ROOM_ID } from '../../shared/constants'
import { isRetry } from './helpers/attempts'
import { jwtOf, postMessage } from './helpers/history'
import { shareBoth } from './helpers/presence-sharing'
import { chateeStatusFor } from './helpers/page-api'
import { closeTabSeenOffline } from './helpers/tab-close'
import { onboardViaUi, signedInMarker, signInViaUi } from './helpers/users'
import { TYPING_EXPIRE_MS } from '../../shared/constants'
import {
  detailsToggle,
  openPartnerDetails,
  openProfileMenu,
  readPartnerDetails,
  setAdmin,
  unreadableDetails,
} from './helpers/partner-details'

// Issue 5's journey, part two: what Ada sees of Ben's presence, and the admin's device details.
// A short grace period keeps the "silent past the grace period" case quick; the IP lookup
// services are local capture servers, so Ben's location is known.
const GRACE_SECONDS = 10
let pair: Pair
let ipServices: CaptureServer
const vars = () => ({
  PRESENCE_GRACE_SECONDS: String(GRACE_SECONDS),
  IP_ECHO_URL: `${ipServices.url}/echo`,
  IP_INFO_URL: `${ipServices.url}/info/{ip}`,
  IP_INFO_TOKEN: 'test-token',
})

beforeAll(async () => {
  ipServices = await startCaptureServer()
  ipServices.fallback = (req) =>
    req.path === '/echo'
      ? { json: { ip: '203.0.113.9' } }
      : { json: { city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR' } }
  pair = await startPair(vars())
})

afterAll(async () => {
  await pair?.close()
  await ipServices?.close()
})

describe('presence and device details', () => {
  it('Ada, in before Ben had an account, finds him in her header when he arrives, without a reload', async (ctx) => {
    // A retry starts from nobody registered: their addresses are fixed (the admin's, the special
    // list's), and the first attempt's accounts would refuse a second registration.
    if (isRetry(ctx)) {
      await pair.close()
      pair = await startPair(vars())
    }
    const { server, ada, ben } = pair
    await onboardViaUi(ada.page, server.url, ADA)
    await ada.page.getByText('No chat partner yet').waitFor()
    await ada.page.evaluate(() => Object.assign(window, { __sameDocument: true }))

    await onboardViaUi(ben.page, server.url, BEN)
    await ada.page.getByLabel('Chat partner').getByText(BEN.name).waitFor()
    // His presence is private (spec §1, §6) until both share it in Settings, live, no reload.
    expect(await chateePresence(ada.page).count()).toBe(0)
    await shareBoth(pair)
    await presenceShown(ada.page, 'Online')
    await presenceShown(ben.page, 'Online')
    expect(await ada.page.evaluate(() => '__sameDocument' in window)).toBe(true)
  }, 90_000)

  it('Ben has no admin toggle; Ada’s reveals Ben’s device, browser, OS and location', async () => {
    const { ada, ben } = pair
    // A retry may find the admin view the first attempt turned on.
    await setAdmin(ada.page, false)
    const benMenu = await openProfileMenu(ben.page)
    await benMenu.getByRole('menuitem', { name: 'Logout' }).waitFor()
    expect(await benMenu.getByRole('menuitemcheckbox').count()).toBe(0)
    await ben.page.keyboard.press('Escape')
    expect(await detailsToggle(ben.page).count()).toBe(0)

    await presenceShown(ada.page, 'Online')
    expect(await detailsToggle(ada.page).count()).toBe(0)
    const adaMenu = await openProfileMenu(ada.page)
    const toggle = adaMenu.getByRole('menuitemcheckbox', { name: 'Admin' })
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    await toggle.click()
    expect(await toggle.getAttribute('aria-checked')).toBe('true')
    await ada.page.keyboard.press('Escape')

    // Location, device, browser and OS arrive together (one details row).
    const panel = await openPartnerDetails(ada.page)
    await expect
      .poll(async () => (await readPartnerDetails(panel)).Location, { timeout: 30_000 })
      .toBe('Lyon, Auvergne-Rhône-Alpes, France')
    const details = await readPartnerDetails(panel)
    expect(details).toMatchObject({ Device: 'Desktop', OS: 'Linux' })
    expect(details.Browser).toMatch(/^Chrom/)
    // The server looked Ben up by the IP the echo service reported, with the token.
    const lookup = ipServices.requests.find((r) => r.path === '/info/203.0.113.9')
    expect(lookup?.query.get('token')).toBe('test-token')
  })

  it('the details are readable in full at 1280 and 390 px, over the page, not in the top bar', async () => {
    const { page } = pair.ada
    const bar = page.locator('.top-bar')
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 })
      await page.keyboard.press('Escape')
      // The admin view adds a button, not a line: the bar is as high with it as without.
      const height = async () => (await bar.boundingBox())?.height
      const closedHeight = await height()
      await setAdmin(page, false)
      expect(await height()).toBe(closedHeight)
      await setAdmin(page, true)
      const panel = await openPartnerDetails(page)
      expect(Object.keys(await readPartnerDetails(panel))).toEqual(
        expect.arrayContaining(['Location', 'Device', 'Browser', 'OS']),
      )
      expect(await unreadableDetails(panel), `at ${width} px`).toEqual([])
      expect((await bar.boundingBox())?.height).toBe(closedHeight)
      await page.keyboard.press('Escape')
      await panel.waitFor({ state: 'detached' })
      expect(await detailsToggle(page).evaluate((el) => el === document.activeElement)).toBe(true)
    }
    await page.setViewportSize({ width: 1280, height: 720 })
  })

  it('Ada sees Ben away while his tab is hidden, and online again when he returns', async () => {
    const { ada, ben } = pair
    await setTabHidden(ben.page, true)
    await presenceShown(ada.page, 'Away')
    expect(await ada.page.getByLabel('Chat partner').innerText()).toContain('last seen just now')
    // The admin's details say so with it: idle, not still "Reading Home" until the hidden tab's
    // slow heartbeat (several seconds here, over a minute with production's grace period).
    const panel = await openPartnerDetails(ada.page)
    await expect
      .poll(async () => (await readPartnerDetails(panel)).Activity, { timeout: 4_000 })
      .toMatch(/^Idle since /)
    await ada.page.keyboard.press('Escape')
    await setTabHidden(ben.page, false)
    await presenceShown(ada.page, 'Online')
  })

  it("the details' Typing row ends when Ben stops typing, as the room's indicator does", async () => {
    const { ada, ben } = pair
    const panel = await openPartnerDetails(ada.page)
    const box = ben.page.getByRole('textbox', { name: 'Message' })
    await box.pressSequentially('abc')
    await expect.poll(async () => (await readPartnerDetails(panel)).Typing).toBe('typing…')
    const started = Date.now()
    // Ben stops; the flag expires after TYPING_EXPIRE_MS, not at the header's next minute.
    await expect
      .poll(async () => (await readPartnerDetails(panel)).Typing, { timeout: 20_000 })
      .toBeUndefined()
    expect(Date.now() - started).toBeLessThan(TYPING_EXPIRE_MS + 5_000)
    await ada.page.keyboard.press('Escape')
    await box.fill('')
  })

  it('Ben closes his tab: its last word (the beacon) makes him offline for Ada', async () => {
    const { ada, ben, server } = pair
    // A retry finds the first attempt's tab closed: Ben opens the app again, still signed in.
    const tab = ben.page.isClosed() ? await ben.page.context().newPage() : ben.page
    if (tab !== ben.page) {
      await tab.goto(server.url)
      await signedInMarker(tab).waitFor()
      await presenceShown(ada.page, 'Online')
    }
    // Nobody logs out, and the sweep would wait for the grace period (his last heartbeat was at
    // most a third of it ago): offline well within it can only be the pagehide beacon. A report
    // of the tab still on its way when it closes changes nothing after the beacon (api-user).
    const statusNow = await chateeStatusFor(ada.page, server.url, tab)
    await closeTabSeenOffline(ada.page, tab, ((GRACE_SECONDS * 2) / 3 - 1) * 1000, statusNow)
  })

  it('a tab that dies without a word counts as offline once the grace period has passed', async () => {
    const { ada, ben, server } = pair
    // Ben opens the app again in a new tab of the same browser, still signed in.
    const tab = await ben.page.context().newPage()
    await tab.goto(server.url)
    await signedInMarker(tab).waitFor()
    await presenceShown(ada.page, 'Online')

    // The renderer crashes: no pagehide, no beacon, the heartbeats just stop.
    const cdp = await tab.context().newCDPSession(tab)
    const crashed = tab.waitForEvent('crash')
    void cdp.send('Page.crash').catch(() => undefined)
    await crashed
    const crashedAt = Date.now()

    // The cron sweep, triggered every second as the platform's schedule would (a local server
    // runs none). His last heartbeat was at most a third of the grace period before the crash,
    // so a sweep that ignored the grace period would make him offline well before this bound.
    const sweep = async () => {
      await server.scheduled()
      return chateePresence(ada.page).innerText()
    }
    await expect
      .poll(sweep, { timeout: (GRACE_SECONDS + 15) * 1000, interval: 1000 })
      .toBe('Offline')
    expect(Date.now() - crashedAt).toBeGreaterThanOrEqual(((GRACE_SECONDS * 2) / 3 - 1) * 1000)
  }, 60_000)

  it('a tab hidden for 20 minutes keeps beating as away, and its beacon still counts when it closes', async () => {
    const { ada, chrome, server } = pair
    // Ben signs in on another browser whose clock is fake, so 20 minutes pass in seconds. The JWT
    // the SPA caches lives 15 of them: only the hidden tab's slow heartbeats keep it fresh for
    // the beacon, which cannot wait for a new one while the tab closes.
    const context = await chrome.browser.newContext()
    try {
      const tab = await context.newPage()
      // Fake time moves only while the tab has no request in flight (renewing the JWT takes real
      // time), so the steps below measure the SPA's timers, not the machine's speed. Requests are
      // tracked from the tab's first one: a count started later goes negative when a request
      // begun before it ends, and then never reads idle.
      const inFlight = new Set<Request>()
      tab.on('request', (r) => inFlight.add(r))
      tab.on('requestfinished', (r) => inFlight.delete(r))
      tab.on('requestfailed', (r) => inFlight.delete(r))
      const idle = () => expect.poll(() => inFlight.size, { timeout: 15_000, interval: 20 }).toBe(0)
      // Collected as they come, so a failed step leaves no wait behind to reject after the test.
      const awayBeats: Request[] = []
      tab.on('request', (r) => {
        if (r.url().endsWith('/api/presence/heartbeat') && r.postDataJSON()?.presence === 'away')
          awayBeats.push(r)
      })

      await tab.clock.install()
      await signInViaUi(tab, server.url, BEN.email, BEN.password)
      await presenceShown(ada.page, 'Online')
      const awayReport = tab.waitForResponse(
        (r) =>
          r.url().endsWith('/api/user/update-status') &&
          r.request().postDataJSON()?.payload?.presence === 'away',
      )
      await setTabHidden(tab, true)
      await awayReport
      await presenceShown(ada.page, 'Away')

      const fakeNow = () => tab.evaluate(() => Date.now())
      const hiddenAt = await fakeNow()
      while ((await fakeNow()) - hiddenAt < 20 * 60_000) {
        const seen = awayBeats.length
        // The next hidden heartbeat is due within 2 fake minutes (100 s with this grace period).
        for (let step = 0; awayBeats.length === seen; step++) {
          if (step > 24) throw new Error(`no hidden heartbeat after ${seen} of them`)
          await idle()
          if (awayBeats.length === seen) await tab.clock.runFor(5_000)
        }
        expect((await awayBeats[seen].response())?.status()).toBe(200)
      }
      expect(awayBeats.length).toBeGreaterThanOrEqual(10)
      expect(await chateePresence(ada.page).innerText()).toBe('Away')

      // Ben closes the tab between two heartbeats.
      await idle()
      await tab.clock.runFor(90_000)
      const statusNow = await chateeStatusFor(ada.page, server.url, tab)
      await closeTabSeenOffline(ada.page, tab, ((GRACE_SECONDS * 2) / 3 - 1) * 1000, statusNow)
    } finally {
      await context.close()
    }
  }, 90_000)

  it('at 390 px wide the sidebar is a drawer, hidden until the menu button opens it', async () => {
    const { page } = pair.ada
    await page.setViewportSize({ width: 390, height: 844 })
    const menu = page.getByRole('button', { name: 'Open menu' })
    await menu.waitFor()
    const nav = page.getByRole('navigation', { name: 'Main' })
    expect(await nav.isVisible()).toBe(false)
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await menu.click()
    const drawer = page.getByRole('dialog', { name: 'Sidebar' })
    await drawer.getByRole('navigation', { name: 'Main' }).waitFor()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })

    // Choosing a destination closes the drawer and goes there.
    await menu.click()
    await drawer.getByRole('link', { name: 'Bookmarks' }).click()
    await drawer.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/bookmarks')
    expect(await nav.isVisible()).toBe(false)
    // The focus is on the page opened, not back on the menu button (a screen reader is there).
    const heading = page.getByRole('heading', { level: 1, name: 'Bookmarks' })
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true)

    // The rooms' badges are behind it: a message elsewhere puts a dot on the button.
    const dot = menu.locator('.menu-dot')
    expect(await dot.count()).toBe(0)
    const away = `While Ada is away ${Date.now()}`
    const jwt = await jwtOf(pair.server.url, BEN)
    await postMessage(pair.server.url, jwt, { roomId: HOME_ROOM_ID, message: away })
    await page.getByRole('button', { name: 'Open menu (1 unread)' }).waitFor()
    expect(await dot.isVisible()).toBe(true)
    await menu.click()
    await drawer.getByRole('link', { name: /^Home/ }).click()
    await messageInLog(page, away).waitFor()
    await dot.waitFor({ state: 'detached' })
  })
})
