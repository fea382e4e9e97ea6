import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { isRetry, tagged } from './helpers/attempts'
import { ADA, messageInLog, messageLog, sendMessage, useOnboardedPair } from './helpers/pair'
import { signInViaApi } from './helpers/register-api'
import { solidPng } from '../fixtures/png'
import { createRooms, sidebarRoom } from './helpers/rooms'
import { OFFLINE_ROOM, offlineWait, TEXTS } from '../../shared/texts'

// The installed app opened without a connection: the rooms as this browser last read them, the
// composer queuing what is written, and all of it sent once the connection is back. Signing out
// forgets what was kept.
const pair = useOnboardedPair()
const KEY = 'kathelia-offline'
const kept = (page: Page) => page.evaluate((key) => localStorage.getItem(key) ?? '', KEY)

/** The service worker in control, activated, with every asset of the page cached. */
async function installed(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    null,
    {
      timeout: 30_000,
    },
  )
  const missing = () =>
    page.evaluate(async () => {
      const cached = new Set<string>()
      for (const key of await caches.keys())
        for (const r of await (await caches.open(key)).keys()) cached.add(new URL(r.url).pathname)
      return performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
        .filter((u) => !cached.has(u.pathname))
        .map((u) => u.pathname)
    })
  await expect.poll(missing, { timeout: 30_000 }).toEqual([])
}

/**
 * The page and its service worker without a network. Playwright's offline mode and routes reach
 * a worker that starts after them, not one already running: the running one is stopped.
 */
async function offline(page: Page, on: boolean) {
  await page.context().setOffline(on)
  if (!on) return page.context().unrouteAll()
  await page.context().route('**/*', (route) => route.abort('internetdisconnected'))
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.stopAllWorkers')
  await cdp.detach()
}

let attempt = 0
let welcome = ''

describe('offline history', () => {
  it('opened offline, the room shows what was read; what is written goes once back online', async () => {
    const { ada, ben } = pair
    // Texts of this attempt only: a retry finds the first attempt's in the room.
    const tag = `#${++attempt}`
    const [train, tonight, tunnel, back] = tagged(
      tag,
      'Read this on the train',
      'I will, tonight',
      'Written in a tunnel',
      'Welcome back',
    )
    welcome = back
    // A room of hers she has not opened on this browser.
    const spare = `Not opened here ${tag}`
    await createRooms(ada.page, spare)
    await sendMessage(ben.page, train)
    await sendMessage(ada.page, tonight)
    await messageInLog(ada.page, train).waitFor()
    await installed(ada.page)
    // Kept a moment after the room settled and its data changed.
    await expect.poll(() => kept(ada.page), { timeout: 20_000 }).toContain(tonight)
    await expect.poll(() => kept(ada.page), { timeout: 20_000 }).toContain(spare)
    // Only what the app keeps for reading: no session, JWT or password.
    const snapshot = JSON.parse(await kept(ada.page)) as { userId: string }
    expect(snapshot.userId).toMatch(/^[a-z0-9]+$/)
    expect(await kept(ada.page)).not.toMatch(/jwt|secret|password/i)

    // The worker installed while she was signed in: its shell is still nobody's page (the
    // signed-in one carries her JWT and messages, and would be anyone's offline shell).
    const shell = await ada.page.evaluate(async () => {
      const res = await caches.match('/')
      return res ? `${res.headers.get('cache-control')}\n${await res.text()}` : ''
    })
    expect(shell).toContain('<div id="root">')
    expect(shell).not.toMatch(
      new RegExp(`no-store|id="first-load"|<html[^>]*data-first-load|${train}`),
    )

    await offline(ada.page, true)
    await ada.page.reload()
    await ada.page
      .getByRole('status')
      .filter({ hasText: 'You are offline' })
      .waitFor({ timeout: 20_000 })
    await messageInLog(ada.page, train).waitFor({ timeout: 20_000 })
    await messageInLog(ada.page, tonight).waitFor()
    // The sidebar's rooms too; and no sign-in screen, no error.
    await ada.page.getByRole('link', { name: 'Home' }).first().waitFor()
    expect(await ada.page.getByRole('heading', { name: 'Sign in to your account' }).count()).toBe(0)
    // The room never read here says so, rather than a spinner for as long as she is offline.
    await sidebarRoom(ada.page, spare).click()
    await ada.page.getByRole('status').filter({ hasText: OFFLINE_ROOM }).waitFor()
    await sidebarRoom(ada.page, 'Home').click()
    await messageInLog(ada.page, tonight).waitFor()

    await sendMessage(ada.page, tunnel)
    await messageInLog(ada.page, tunnel).waitFor()
    await offline(ada.page, false)
    await messageInLog(ben.page, tunnel).waitFor({ timeout: 30_000 })
    // Back online the room is the server's again, live both ways.
    await sendMessage(ben.page, back)
    await messageInLog(ada.page, back).waitFor({ timeout: 30_000 })
    expect(await messageLog(ada.page).getByText(tunnel).count()).toBe(1)
  })

  it('behind a network that answers nothing (online, to the browser), the room shows what was read', async () => {
    const { ada, ben } = pair
    const text = `Sent while Ada's Wi-Fi had no internet #${++attempt}`
    await expect.poll(() => kept(ada.page), { timeout: 20_000 }).toContain(welcome)
    // A Wi-Fi without internet: every request fails while the browser still says it is online.
    const tab = await ada.page.context().newPage()
    await tab.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true }),
    )
    try {
      await offline(ada.page, true)
      await tab.goto(pair.server.url)
      await messageInLog(tab, welcome).waitFor({ timeout: 20_000 })
      await tab.getByText('Kathelia could not be reached.', { exact: false }).waitFor()
      expect(await tab.getByText('Messages could not be loaded.').count()).toBe(0)
      // Past the snapshot's 5 s: what was kept is still there.
      await new Promise((r) => setTimeout(r, 6_000))
      expect(await kept(tab)).toContain(welcome)
      await sendMessage(ben.page, text)
      await offline(ada.page, false)
      // The network back, the room is the server's again.
      await messageInLog(tab, text).waitFor({ timeout: 40_000 })
    } finally {
      await offline(ada.page, false)
      await tab.close()
    }
  })

  it('opened offline, a photo picked at once is staged, and goes once back, before what was written after it', async () => {
    const { ada, ben } = pair
    const caption = `A photo from the tunnel #${++attempt}`
    const after = `Written after the photo #${attempt}`
    const name = `tunnel-${attempt}.png`
    const box = ada.page.getByRole('textbox', { name: 'Message' })
    await installed(ada.page)
    await offline(ada.page, true)
    try {
      await ada.page.reload()
      await box.waitFor({ timeout: 20_000 })
      // Past the room's settling (a second, then the browser's idle time: when-settled.ts), when
      // it asks for the file limit. Offline React Query holds that request for the connection,
      // and a pick that waited for it was staged only once the connection was back.
      await ada.page.waitForTimeout(1_000)
      await ada.page.evaluate(() => new Promise((done) => requestIdleCallback(done)))
      const chooser = ada.page.waitForEvent('filechooser')
      await ada.page.getByRole('button', { name: 'Attach a file' }).click()
      const buffer = solidPng(30, 20, [20, 120, 240])
      await (await chooser).setFiles({ name, mimeType: 'image/png', buffer })
      await ada.page.getByRole('group', { name: 'File to send' }).getByText(name).waitFor()
      await box.pressSequentially(caption)
      await box.press('Enter')
      const row = messageLog(ada.page).locator('.msg', { hasText: caption }).locator('..')
      await row.getByText('Waiting for the connection to upload').waitFor()
      await sendMessage(ada.page, after)
      await messageInLog(ada.page, after).waitFor()
    } finally {
      // The network back before the browser says so: at its `online` event the text could go
      // at once, while the photo still uploads.
      await ada.page.context().unrouteAll()
      await offline(ada.page, false)
    }
    const sent = messageLog(ben.page).locator('.msg', { hasText: caption })
    await sent.getByRole('img', { name }).waitFor({ timeout: 30_000 })
    await messageInLog(ben.page, after).waitFor()
    // In the order written: a text goes ahead of an upload on its way only when written beside it.
    const order = (page: Page) =>
      messageLog(page)
        .locator('.msg')
        .evaluateAll(
          (rows, texts) => texts.map((t) => rows.findIndex((r) => r.textContent!.includes(t))),
          [caption, after],
        )
    const inOrder = async (page: Page) => {
      const [photoAt, afterAt] = await order(page)
      return photoAt! >= 0 && afterAt! > photoAt!
    }
    expect(await inOrder(ben.page)).toBe(true)
    // Hers too, once the server's order replaces the outbox's.
    await expect.poll(() => inOrder(ada.page), { timeout: 15_000 }).toBe(true)
    const unsent = messageLog(ada.page).locator('.msg.sending, .msg.failed')
    await expect.poll(() => unsent.count(), { timeout: 15_000 }).toBe(0)
  })

  it('offline, a page whose list was never read says it waits, and the banner fits the page', async () => {
    const { ada } = pair
    // A tab of her own that has read none of those lists (a retry's too), its room open, then the
    // browser offline: the running service worker serves the pages' chunks from its cache.
    const tab = await ada.page.context().newPage()
    const status = (text: string) => tab.getByRole('status').filter({ hasText: text })
    const nav = (name: string) =>
      tab.getByRole('navigation').getByRole('link', { name, exact: true }).click()
    try {
      await tab.goto(pair.server.url)
      await tab.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 20_000 })
      // The SPA's own room, not the Worker's drawing of it, whose sidebar links load a new page.
      await expect.poll(() => tab.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0)
      await tab.context().setOffline(true)
      await status('You are offline. Messages will send when the connection returns.').waitFor()
      // React Query waits for the connection: a spinner here turned for as long as it was gone.
      await nav('Bookmarks')
      await status(offlineWait('Your bookmarks')).waitFor({ timeout: 20_000 })
      await status('You are offline. Kathelia will catch up when the connection returns.').waitFor()
      expect(await tab.getByRole('status', { name: 'Loading bookmarks' }).count()).toBe(0)
      await nav('Breaches')
      await status(offlineWait('Past checks')).waitFor({ timeout: 20_000 })
      await tab.getByRole('button', { name: 'Profile menu' }).click()
      await tab.getByRole('menuitem', { name: 'Settings' }).click()
      await status(offlineWait('Your devices')).waitFor({ timeout: 20_000 })
      await tab.getByText(offlineWait('Your sharing choice')).waitFor()
      // A save offline is refused at once, in words: it waited unseen for the connection.
      const profile = tab.getByRole('region', { name: 'Profile' })
      await profile.getByLabel('Display name').fill('Ada Offline')
      await profile.getByRole('button', { name: 'Save name' }).click()
      await profile.getByRole('alert').filter({ hasText: TEXTS.offline }).waitFor()
      await profile.getByLabel('Display name').fill(ADA.name)
      const data = tab.getByRole('region', { name: 'Your data' })
      await data.getByRole('button', { name: 'Export chat history' }).click()
      await data.getByRole('alert').filter({ hasText: TEXTS.offline }).waitFor()
      await tab.context().setOffline(false)
      // Back online the page reads what it waited for, by itself.
      await tab.locator('.session-list').getByText('This device').waitFor({ timeout: 20_000 })
      expect(await status('You are offline').count()).toBe(0)
    } finally {
      await tab.context().setOffline(false)
      await tab.close()
    }
  })

  it('a logout offline says it needs the connection, and leaves the session as it was', async () => {
    const { ada } = pair
    // In Home (the test before ends there; its retry may not have).
    await ada.page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click()
    await ada.page.getByRole('textbox', { name: 'Message' }).waitFor()
    await offline(ada.page, true)
    try {
      await ada.page.getByRole('button', { name: 'Profile menu' }).click()
      await ada.page.getByRole('menuitem', { name: 'Logout' }).click()
      await ada.page.locator('.Toastify__toast', { hasText: 'You are offline.' }).waitFor()
      await ada.page.getByRole('textbox', { name: 'Message' }).waitFor()
      expect(await ada.page.getByRole('status', { name: 'Loading', exact: true }).count()).toBe(0)
    } finally {
      await offline(ada.page, false)
    }
    // Its session was never ended: back online, a reload is still Ada's room, not a sign-in.
    await ada.page.reload()
    await ada.page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 20_000 })
    expect(await ada.page.getByRole('heading', { name: 'Sign in to your account' }).count()).toBe(0)
  })

  it('signing out forgets what was kept', async (ctx) => {
    const { ada, server } = pair
    // A retry finds Ada signed out by the first attempt: signed in, her room is kept again.
    if (isRetry(ctx)) await signInViaApi(ada.page, server.url, ADA.email, ADA.password)
    await expect.poll(() => kept(ada.page), { timeout: 20_000 }).toContain(welcome)
    await ada.page.getByRole('button', { name: 'Profile menu' }).click()
    await ada.page.getByRole('menuitem', { name: 'Logout' }).click()
    await ada.page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
    expect(await kept(ada.page)).toBe('')
  })
})
