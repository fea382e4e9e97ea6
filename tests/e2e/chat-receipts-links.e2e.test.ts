import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { SITE_TITLE, startLinkSite } from '../fixtures/link-site'
import { openPage } from './helpers/browser'
import { createRooms, sidebarRoom } from './helpers/rooms'
import { signInViaUi } from './helpers/users'
import {
  BEN,
  chatTitle,
  messageInLog,
  messageLog,
  sendMessage,
  setTabHidden,
  useOnboardedPair,
} from './helpers/pair'

// Read receipts (on, off both ways, live), clickable links and a link preview fetched by the
// Worker from a local test site, with Ada and Ben in two browser contexts on one server.
const site = await startLinkSite()
const pair = useOnboardedPair({ LINK_PREVIEW_TEST_ORIGINS: site.origin })
afterAll(async () => {
  await site.close()
})
// Names and texts of one attempt only: a retry finds the first attempt's room (a second of the
// same name is refused) and messages.
let attempt = 0

const seenUnder = (page: Page, text: string) =>
  messageLog(page)
    .locator('.msg', { has: page.locator('.msg-text', { hasText: text }) })
    .locator('xpath=following-sibling::*[1][contains(@class,"seen-marker")]')
const anySeen = (page: Page) => messageLog(page).locator('.seen-marker')
const deliveredUnder = (page: Page, text: string) =>
  messageLog(page)
    .locator('.msg', { has: page.locator('.msg-text', { hasText: text }) })
    .locator('xpath=following-sibling::*[1][contains(@class,"delivered-marker")]')
const anyDelivered = (page: Page) => messageLog(page).locator('.delivered-marker')

async function setReceipts(page: Page, on: boolean) {
  await page.goto(`${pair.server.url}/settings`)
  const box = page.getByRole('checkbox', { name: 'Send read receipts' })
  await expect.poll(() => box.isEnabled(), { timeout: 20_000 }).toBe(true)
  if ((await box.isChecked()) !== on) await box.click()
  await expect.poll(() => box.isChecked(), { timeout: 15_000 }).toBe(on)
  // Disabled while the server saves it (it rewrites the shared receipts too).
  await expect.poll(() => box.isEnabled(), { timeout: 15_000 }).toBe(true)
  await page.goto(`${pair.server.url}/`)
  await chatTitle(page, 'Home')
}

describe('read receipts', () => {
  it('shows "Seen" with the time only once the partner’s visible tab shows the message', async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    const [asked, again] = [`Did you read this? ${tag}`, `And this one? ${tag}`]
    await chatTitle(ben.page, 'Home')
    await setTabHidden(ben.page, true)
    await sendMessage(ada.page, asked)
    await messageInLog(ben.page, asked).waitFor()
    // On screen in a hidden tab is not read.
    await new Promise((r) => setTimeout(r, 3_000))
    expect(await seenUnder(ada.page, asked).count()).toBe(0)
    await setTabHidden(ben.page, false)
    const seen = seenUnder(ada.page, asked)
    await seen.waitFor({ timeout: 15_000 })
    expect(await seen.innerText()).toMatch(/^Seen ([1-9]|1[0-2]):\d{2} [ap]m$/) // the bubbles' "h:mm aaa"
    expect(await seen.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/)
    // Only the newest of one's own messages carries it; Ben sees none under Ada's.
    await sendMessage(ada.page, again)
    await seenUnder(ada.page, again).waitFor({ timeout: 15_000 })
    expect(await anySeen(ada.page).count()).toBe(1)
    // (Under his own, a retry finds Ada's "Seen" of the first attempt's last message.)
    expect(await messageLog(ben.page).locator('.msg.theirs + .seen-marker').count()).toBe(0)
    // A newer message not read yet leaves it under the newest one that was.
    const unread = `Not read yet ${tag}`
    await setTabHidden(ben.page, true)
    await sendMessage(ada.page, unread)
    await messageInLog(ben.page, unread).waitFor()
    await new Promise((r) => setTimeout(r, 2_000))
    expect(await seenUnder(ada.page, again).count()).toBe(1)
    expect(await seenUnder(ada.page, unread).count()).toBe(0)
    await setTabHidden(ben.page, false)
    await seenUnder(ada.page, unread).waitFor({ timeout: 15_000 })
    expect(await anySeen(ada.page).count()).toBe(1)
    // Ben's own message read on his screen moves no read position: his "Seen" time for Ada
    // stays the time he read hers.
    const positions: string[] = []
    ben.page.on('request', (r) => {
      if (r.url().endsWith('/api/receipt/read')) positions.push(r.url())
    })
    await sendMessage(ben.page, `Mine, read by me ${tag}`)
    await messageInLog(ben.page, `Mine, read by me ${tag}`).waitFor()
    await new Promise((r) => setTimeout(r, 2_500))
    expect(positions).toEqual([])
  })

  it('turned off by one partner hides receipts both ways, live; on again shows them', async () => {
    const { ada, ben } = pair
    await setReceipts(ben.page, false)
    // Ada's "Seen" from Ben goes away without a reload.
    await expect.poll(() => anySeen(ada.page).count(), { timeout: 15_000 }).toBe(0)
    const tag = `#${++attempt}`
    const [still, reading] = [`Still there? ${tag}`, `Yes, reading ${tag}`]
    await sendMessage(ada.page, still)
    await messageInLog(ben.page, still).waitFor()
    await sendMessage(ben.page, reading)
    await messageInLog(ada.page, reading).waitFor()
    await new Promise((r) => setTimeout(r, 3_000))
    expect(await anySeen(ada.page).count()).toBe(0)
    expect(await anySeen(ben.page).count()).toBe(0)
    // Whether a device of the partner has it is told all the same, as WhatsApp's ticks.
    await deliveredUnder(ada.page, still).waitFor({ timeout: 15_000 })
    await deliveredUnder(ben.page, reading).waitFor({ timeout: 15_000 })

    await setReceipts(ben.page, true)
    await seenUnder(ada.page, still).waitFor({ timeout: 15_000 })
    await seenUnder(ben.page, reading).waitFor({ timeout: 15_000 })
    // "Seen" says more: no "Delivered" beside it.
    expect(await anyDelivered(ada.page).count()).toBe(0)
  })

  it('shows "Delivered" once a device of the partner holds the message, live or on opening', async () => {
    const { ada, ben, server } = pair
    const tag = `#${++attempt}`
    const [away, opened, later] = [`Are you there? ${tag}`, `Just opened ${tag}`, `Live ${tag}`]
    // Ben's only device has the app closed: the message is stored, not delivered.
    await ben.page.goto('about:blank')
    await sendMessage(ada.page, away)
    await new Promise((r) => setTimeout(r, 2_500))
    expect(await deliveredUnder(ada.page, away).count()).toBe(0)
    expect(await seenUnder(ada.page, away).count()).toBe(0)
    // He opens it in a tab he does not look at: it holds the message, unread.
    const tab = await ben.page.context().newPage()
    try {
      await tab.addInitScript(() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => 'hidden',
        })
      })
      await tab.goto(`${server.url}/`)
      await messageInLog(tab, away).waitFor()
      await deliveredUnder(ada.page, away).waitFor({ timeout: 15_000 })
      expect(await seenUnder(ada.page, away).count()).toBe(0)
      // Live: the next one is delivered as it arrives; "Seen" of an older one stays where it is.
      await sendMessage(ada.page, opened)
      await sendMessage(ada.page, later)
      await messageInLog(tab, later).waitFor()
      await deliveredUnder(ada.page, later).waitFor({ timeout: 15_000 })
      expect(await anyDelivered(ada.page).count()).toBe(1)
      // Only one's own messages carry it.
      expect(await anyDelivered(tab).count()).toBe(0)
      // Read: "Seen" takes its place.
      await setTabHidden(tab, false)
      await seenUnder(ada.page, later).waitFor({ timeout: 15_000 })
      await expect.poll(() => anyDelivered(ada.page).count(), { timeout: 15_000 }).toBe(0)
    } finally {
      await tab.close()
      await ben.page.goto(`${server.url}/`)
      await chatTitle(ben.page, 'Home')
    }
  })
})

describe('unread counts across devices', () => {
  it('a room read on one device stops counting as unread on the other, live', async () => {
    const { ada, ben, chrome, server } = pair
    const garden = `Garden ${++attempt}`
    const second = await openPage(chrome.browser)
    try {
      await signInViaUi(second.page, server.url, BEN.email, BEN.password)
      await chatTitle(second.page, 'Home')
      await createRooms(ada.page, garden)
      await sidebarRoom(ada.page, garden).click()
      await chatTitle(ada.page, garden)
      await sidebarRoom(second.page, garden).waitFor()
      await sendMessage(ada.page, 'In the garden')
      const badge = sidebarRoom(second.page, garden).locator('.unread-badge')
      await badge.filter({ hasText: /^1$/ }).waitFor({ timeout: 15_000 })
      // Ben reads it on his first device; the second one hears of it over realtime.
      await sidebarRoom(ben.page, garden).click()
      await messageInLog(ben.page, 'In the garden').waitFor()
      await expect.poll(() => badge.count(), { timeout: 15_000 }).toBe(0)
      for (const page of [ada.page, ben.page]) {
        await sidebarRoom(page, 'Home').click()
        await chatTitle(page, 'Home')
      }
    } finally {
      await second.close()
    }
  })
})

describe('links', () => {
  it('makes http(s) URLs clickable and safe, never other schemes', async () => {
    const { ada, ben } = pair
    const url = `${site.origin}/plain-title?n=${++attempt}&x=${'long-'.repeat(30)}`
    // No Safe Browsing lookup is configured here, and the flags say so: no page asks to check.
    const checks: string[] = []
    for (const { page } of [ada, ben])
      page.on('request', (r) => r.url().endsWith('/api/link-check') && checks.push(r.url()))
    await sendMessage(ben.page, `Read ${url} now, not javascript:alert(1)`)
    const link = messageLog(ada.page).getByRole('link', { name: url })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe(url)
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    expect(await messageLog(ada.page).locator('a[href^="javascript"]').count()).toBe(0)
    // A long URL wraps inside the bubble's text instead of widening it (the bubble's own
    // scroll width also counts its "⋯", drawn outside it on purpose).
    const text = await link.evaluate((a) => {
      const t = a.closest('.msg-text')!
      return { scroll: t.scrollWidth, client: t.clientWidth }
    })
    expect(text.scroll).toBeLessThanOrEqual(text.client + 1)
    const [popup] = await Promise.all([ada.page.context().waitForEvent('page'), link.click()])
    await popup!.waitForLoadState()
    expect(popup!.url()).toBe(url)
    await popup!.close()
    expect(checks).toEqual([])
  })

  it('shows the preview of the first link, fetched by the Worker, never by the browser', async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    /** This attempt's message in the page's log. */
    const sent = (page: Page) => messageLog(page).locator('.msg', { hasText: `Preview ${tag}` })
    const asked: string[] = []
    ada.page.on('request', (r) => {
      if (r.url().startsWith(site.origin)) asked.push(r.url())
    })
    await sendMessage(
      ben.page,
      `Preview ${tag} ${site.origin}/article and ${site.origin}/plain-title`,
    )
    const card = sent(ada.page).getByRole('link', { name: `Link preview: ${SITE_TITLE}` })
    await card.waitFor({ timeout: 15_000 })
    expect(await card.innerText()).toContain('Test Site')
    expect(await card.innerText()).toContain('Open Graph tags & an image')
    const img = card.locator('img')
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(24)
    expect(await img.getAttribute('src')).toMatch(/^blob:/)
    expect(site.hits('/image.png')).toBeGreaterThan(0)
    // Ben's own bubble shows it too; the browser never asked the site for anything.
    await sent(ben.page)
      .getByRole('link', { name: `Link preview: ${SITE_TITLE}` })
      .waitFor()
    expect(asked).toEqual([])
    // One card per message, for its first link only (the earlier message has its own).
    expect(await sent(ada.page).locator('.link-preview').count()).toBe(1)
  })

  it('shows no preview for loopback, private, link-local links or a redirect to one', async () => {
    const { ada, ben } = pair
    const n = ++attempt
    // Links of this attempt only: the page asks once for each link, so a retry's would go
    // unasked.
    const links = [
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      `${site.origin}/to-loopback`,
      `${site.origin}/to-private`,
    ].map((link) => `${link}?n=${n}`)
    const refusals: number[] = []
    const cardsBefore = await messageLog(ada.page).locator('.link-preview').count()
    ada.page.on('response', (r) => {
      if (r.url().endsWith('/api/link/preview') && r.status() === 400) refusals.push(r.status())
    })
    const tag = `#${n}`
    for (const link of links) await sendMessage(ben.page, `Look ${link} ${tag}`)
    for (const link of links)
      await messageInLog(ada.page, `Look ${link} ${tag}`)
        .getByRole('link', { name: link })
        .waitFor()
    await expect.poll(() => refusals.length, { timeout: 15_000 }).toBe(links.length)
    expect(await messageLog(ada.page).locator('.link-preview').count()).toBe(cardsBefore)
    // Drawn again (Home left and opened again), a refused link is not asked again.
    await sidebarRoom(ada.page, 'Bookmarks').click()
    await sidebarRoom(ada.page, 'Home').click()
    await messageInLog(ada.page, `Look ${links[0]} ${tag}`).waitFor()
    await new Promise((r) => setTimeout(r, 2_000))
    expect(refusals.length).toBe(links.length)
  })
})
