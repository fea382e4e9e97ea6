import type { Page, Request } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { isRetry } from './helpers/attempts'
import { HOME_ROOM_ID } from '../../shared/constants'
import { TABLE_IDS } from '../../shared/db-ids'
import { logScroller, messageInView, newPill, rowInView, scrollState } from './helpers/chat-view'
import { jwtOf, postMany, postMessage, readToNewest, setReadMarks } from './helpers/history'
import { ADA, BEN, messageInLog, useOnboardedPair } from './helpers/pair'
import { holdRequests } from './helpers/page-watch'
import { createRooms, sidebarRoom } from './helpers/rooms'

// A room with 600 messages more than a page: the list renders only the rows near the view
// (use-virtual-rows.ts), older pages go in above without moving the row being read, and a quote
// of the oldest message brings it into view whether or not it is loaded or rendered.
const pair = useOnboardedPair()
const ORIGINAL = 'The original, far back'
const REPLY = 'A reply to the oldest'
const HISTORY = 600

let benJwt = ''
// Texts of one attempt only: a retry finds the first attempt's in the room.
let attempt = 0

beforeAll(async () => {
  const { url } = pair.server
  const jwt = (benJwt = await jwtOf(url, BEN))
  const replyToId = await postMessage(url, jwt, { roomId: HOME_ROOM_ID, message: ORIGINAL })
  const texts = Array.from({ length: HISTORY }, (_, i) => `Long history ${i + 1}`)
  await postMany(url, jwt, HOME_ROOM_ID, texts)
  await postMessage(url, jwt, { roomId: HOME_ROOM_ID, message: REPLY, replyToId })
  // Ada has read them all: the room opens at its newest page, not at an unread line pages up.
  // Her open tab reads them as they come, but under load its position may lag a few pages.
  await readToNewest(url, await jwtOf(url, ADA), HOME_ROOM_ID)
}, 300_000)

/** Messages in the DOM, and how many the log says it holds (aria-setsize). */
const counts = (page: Page) =>
  page.evaluate(() => {
    const rows = document.querySelectorAll('[role="log"] [aria-setsize]')
    return {
      inDom: document.querySelectorAll('[role="log"] .msg').length,
      loaded: Number(rows[0]?.getAttribute('aria-setsize') ?? 0),
    }
  })

/** Waits until the log says it holds more than `n` messages (an older page went in). */
const loadedMoreThan = (page: Page, n: number) =>
  page.waitForFunction(
    (k) =>
      Number(document.querySelector('[role="log"] [aria-setsize]')?.getAttribute('aria-setsize')) >
      k,
    n,
    { timeout: 30_000 },
  )

/** The first message row whose top is inside the scroll box: its id and distance from the top. */
const firstVisible = (page: Page) =>
  logScroller(page).evaluate((box) => {
    const top = box.getBoundingClientRect().top
    const row = Array.from(box.querySelectorAll<HTMLElement>('.msg[data-id]')).find(
      (r) => r.getBoundingClientRect().top >= top,
    )!
    return { id: row.dataset.id!, offset: row.getBoundingClientRect().top - top }
  })

const offsetOf = (page: Page, id: string) =>
  logScroller(page).evaluate(
    (box, rowId) =>
      document.querySelector(`.msg[data-id="${rowId}"]`)!.getBoundingClientRect().top -
      box.getBoundingClientRect().top,
    id,
  )

async function openRoom(page: Page) {
  await page.goto(pair.server.url)
  await messageInLog(page, REPLY).waitFor({ timeout: 30_000 })
}

/** The message row (bubble, quote, menu) holding exactly this text. */
const rowOf = (page: Page, text: string) =>
  page.locator('.msg', { has: page.locator('.msg-text').getByText(text, { exact: true }) })
const quoteOf = (page: Page, text: string) => rowOf(page, text).locator('.reply-quote')

const olderPage = (url: URL) => decodeURIComponent(url.search).includes('"lessThan"')

describe('a long history', () => {
  it('opened again after reading to the end elsewhere: with its data in the page, at the newest', async () => {
    const { page } = pair.ada
    await openRoom(page)
    // This device last saw the room 300 back; the server has her at its end (beforeAll). Her
    // read positions are held until the messages are in: this device's mark must not place the
    // line, whether or not the page brought the server's.
    await setReadMarks(page, { home: HISTORY - 300 })
    await page.goto('about:blank')
    let older = 0
    const countOlder = (r: Request) => void (olderPage(new URL(r.url())) && (older += 1))
    page.on('request', countOlder)
    const receipts = (url: URL) => url.pathname.endsWith(`/tables/${TABLE_IDS.receipts}/rows`)
    const release = await holdRequests(page, receipts)
    try {
      // As from a new tab: the Worker's page with her data (the SPA-only path, where no page
      // brings her position, is appwrite-mode.prod's).
      const res = await page.goto(pair.server.url)
      expect(res!.headers()['cache-control']).toBe('private, no-store')
      await messageInLog(page, REPLY).waitFor({ timeout: 30_000 })
      const answered = page.waitForResponse((r) => receipts(new URL(r.url())))
      release()
      await answered
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
      expect(await page.locator('.unread-divider').count()).toBe(0)
      expect(await messageInView(page, REPLY)).toBe(true)
      expect(older).toBe(0)
    } finally {
      release()
      page.off('request', countOlder)
      await page.unroute(receipts)
    }
  }, 60_000)

  it('a quote of a message 600 back loads older pages until it is there, then shows it', async () => {
    const { page } = pair.ada
    await openRoom(page)
    expect((await counts(page)).loaded).toBeLessThanOrEqual(101)
    await quoteOf(page, REPLY).click()
    const original = rowOf(page, ORIGINAL)
    await original.and(page.locator('[data-highlighted]')).waitFor({ timeout: 90_000 })
    expect(await rowInView(original)).toBe(true)
    const { inDom, loaded } = await counts(page)
    expect(loaded).toBeGreaterThan(HISTORY)
    expect(inDom).toBeLessThan(150)
  }, 150_000)

  it('an older page that fails says so over the rows, which stay, and comes on "Try again"', async () => {
    const { page } = pair.ada
    await openRoom(page)
    let refused = 0
    await page.route(olderPage, (route) => {
      refused += 1
      const body = { message: 'Server Error', code: 503, type: 'general_unknown', version: '' }
      return route.fulfill({ status: 503, json: body })
    })
    try {
      const before = (await counts(page)).loaded
      await logScroller(page).evaluate((box) => (box.scrollTop = 0))
      const failed = page
        .getByRole('alert')
        .filter({ hasText: 'Older messages could not be loaded.' })
      // Asked, and retried three times (1, 2 and 4 s apart), then said; a re-read of the room
      // (the subscription's confirmation) may have cancelled a first ask, which then came again.
      await failed.waitFor({ timeout: 30_000 })
      const asked = refused
      expect(asked).toBeGreaterThanOrEqual(4)
      expect(await page.locator('.Toastify__toast').allInnerTexts()).toEqual([])
      // No more by itself: the rows stay, and the reader decides when to ask again.
      await new Promise((r) => setTimeout(r, 1500))
      expect(refused).toBe(asked)
      expect((await counts(page)).loaded).toBe(before)
      const roomError = page.getByText('Messages could not be loaded.', { exact: true })
      expect(await roomError.count()).toBe(0)
      await page.unroute(olderPage)
      await failed.getByRole('button', { name: 'Try again' }).click()
      await loadedMoreThan(page, before)
      await failed.waitFor({ state: 'detached' })
    } finally {
      await page.unroute(olderPage)
    }
  }, 90_000)

  it('keeps only rows near the view in the DOM; older pages go in above the row being read', async () => {
    const { page } = pair.ada
    await openRoom(page)
    // Each older page is held until the row being read is measured, so it always goes in above a
    // view already on screen, as on a slow network (a fast answer could land before the measure).
    // One gate per page: a request made after its release (a late scroll event) goes through.
    let release = () => {}
    let gate = Promise.resolve()
    await page.route(olderPage, async (route) => {
      await gate
      await route.continue()
    })
    for (let { loaded } = await counts(page); loaded <= HISTORY;) {
      gate = new Promise((r) => (release = r))
      await logScroller(page).evaluate((box) => (box.scrollTop = 0))
      // The scroll event records where the reader is before the page is asked for.
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      )
      const reading = await firstVisible(page)
      release()
      await loadedMoreThan(page, loaded)
      expect(Math.abs((await offsetOf(page, reading.id)) - reading.offset)).toBeLessThan(2)
      loaded = (await counts(page)).loaded
    }
    await page.unroute(olderPage)
    const { inDom, loaded } = await counts(page)
    expect(loaded).toBeGreaterThan(HISTORY)
    expect(inDom).toBeLessThan(150)
    // Screen readers still learn the row's place among all of them.
    const first = page.locator('[role="log"] [aria-posinset]').first()
    expect(await first.getAttribute('aria-posinset')).toBe('1')
  }, 150_000)

  it('far up, a live message waits behind "1 new"; the pill shows it, and at the bottom the next follows', async (ctx) => {
    const { page } = pair.ada
    const post = (message: string) =>
      postMessage(pair.server.url, benJwt, { roomId: HOME_ROOM_ID, message })
    const tag = `#${++attempt}`
    const [atStart, atBottom] = [
      `Live while Ada reads the start ${tag}`,
      `Live while Ada is at the bottom ${tag}`,
    ]
    // Far up, where the test before left her; a retry finds her at the bottom.
    if (isRetry(ctx)) {
      await logScroller(page).evaluate((box) => (box.scrollTop = 0))
      await expect.poll(async () => (await scrollState(page)).fromBottom).toBeGreaterThan(2000)
    }
    await post(atStart)
    await newPill(page).waitFor({ timeout: 15_000 })
    expect(await messageInLog(page, atStart).count()).toBe(0)
    await newPill(page).click()
    await expect.poll(() => messageInView(page, atStart)).toBe(true)
    // The pill gone, its focus went on to the composer (not to the page).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Message',
    )
    await post(atBottom)
    await messageInLog(page, atBottom).waitFor({ timeout: 15_000 })
    await expect.poll(() => messageInView(page, atBottom)).toBe(true)
    expect((await counts(page)).inDom).toBeLessThan(150)
  }, 60_000)

  it('at the bottom again, the quote brings back the oldest row, which had left the DOM', async () => {
    const { page } = pair.ada
    // A focused row stays drawn wherever the reader scrolls (below): a retry's focus is still on
    // the original its first attempt jumped to.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await logScroller(page).evaluate((box) => (box.scrollTop = box.scrollHeight))
    await messageInLog(page, REPLY).waitFor()
    expect(await messageInLog(page, ORIGINAL).count()).toBe(0)
    const last = page.locator('[role="log"] [aria-posinset]').last()
    expect(Number(await last.getAttribute('aria-posinset'))).toBeGreaterThan(HISTORY)
    await quoteOf(page, REPLY).click()
    const original = rowOf(page, ORIGINAL)
    await original.and(page.locator('[data-highlighted]')).waitFor({ timeout: 15_000 })
    expect(await rowInView(original)).toBe(true)
  }, 60_000)

  it('keyboard focus in a row stays with it while the reader scrolls far away, and back', async () => {
    const { page } = pair.ada
    await logScroller(page).evaluate((box) => (box.scrollTop = box.scrollHeight))
    const quote = quoteOf(page, REPLY)
    await quote.evaluate((el: HTMLElement) => ((el.dataset.probe = 'focused'), el.focus()))
    const stillFocused = () =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.probe)
    expect(await stillFocused()).toBe('focused')
    await logScroller(page).evaluate((box) => (box.scrollTop = 0))
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))))
    expect(await messageInView(page, REPLY)).toBe(false)
    expect(await stillFocused()).toBe('focused')
    expect((await counts(page)).inDom).toBeLessThan(150)
    await logScroller(page).evaluate((box) => (box.scrollTop = box.scrollHeight))
    await expect.poll(() => messageInView(page, REPLY)).toBe(true)
    expect(await stillFocused()).toBe('focused')
  }, 60_000)

  it('each room opens at its own newest message, not where the last room was scrolled to', async () => {
    const { page } = pair.ada
    const { url } = pair.server
    // A room of Ada's own messages (none unread: it opens at its newest, with no unread line).
    const name = `Second room ${Date.now()}`
    await createRooms(page, name)
    const link = sidebarRoom(page, name)
    const roomId = decodeURIComponent((await link.getAttribute('href'))!.split('/').pop()!)
    const texts = Array.from({ length: 40 }, (_, i) => `Second room ${i + 1}`)
    const adaJwt = await jwtOf(url, ADA)
    await postMany(url, adaJwt, roomId, texts)
    const homeNewest = `Home, newest, before ${name}`
    await postMessage(url, adaJwt, { roomId: HOME_ROOM_ID, message: homeNewest })
    const atNewest = async (text: string) => {
      await messageInLog(page, text).waitFor({ timeout: 15_000 })
      await expect.poll(async () => (await scrollState(page)).fromBottom).toBeLessThan(2)
      expect(await messageInView(page, text)).toBe(true)
    }
    // Home read from its top, then the other room.
    await atNewest(homeNewest)
    await logScroller(page).evaluate((box) => (box.scrollTop = 0))
    await link.click()
    await atNewest('Second room 40')
    // And back: that room read from its top, then Home.
    await logScroller(page).evaluate((box) => (box.scrollTop = 0))
    await sidebarRoom(page, 'Home').click()
    await atNewest(homeNewest)
  }, 90_000)

  it('left scrolled up, Back shows the room where it was, with what came meanwhile below', async () => {
    const { page } = pair.ada
    const name = `Back room ${Date.now()}`
    await openRoom(page)
    await createRooms(page, name)
    // A few screens above the newest, settled, then another room from the sidebar.
    await logScroller(page).evaluate(
      (box) => (box.scrollTop = box.scrollHeight - box.clientHeight * 3),
    )
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
    const left = await firstVisible(page)
    await sidebarRoom(page, name).click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    const meanwhile = `Meanwhile, while Ada was in ${name}`
    await postMessage(pair.server.url, benJwt, { roomId: HOME_ROOM_ID, message: meanwhile })
    await sidebarRoom(page, 'Home').locator('.unread-badge').waitFor({ timeout: 15_000 })
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    // The same row at the same place, not the newest or an unread line; what came is counted.
    await expect.poll(() => offsetOf(page, left.id)).toBeCloseTo(left.offset, 0)
    await newPill(page)
      .filter({ hasText: /^1 new/ })
      .waitFor({ timeout: 15_000 })
    expect(await messageInView(page, meanwhile)).toBe(false)
    expect(await sidebarRoom(page, 'Home').locator('.unread-badge').textContent()).toBe('1')
    // Forward and back again: still there.
    await page.goForward()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    await page.goBack()
    await expect.poll(() => offsetOf(page, left.id)).toBeCloseTo(left.offset, 0)
    // The sidebar opens it anew: at the newest, as any visit that is not Back.
    await sidebarRoom(page, name).click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    await sidebarRoom(page, 'Home').click()
    await messageInLog(page, meanwhile).waitFor()
    await expect.poll(() => messageInView(page, meanwhile)).toBe(true)
  }, 90_000)

  it('Back keeps the place through a refetch of a room live messages filled (its newest page only)', async () => {
    const { page } = pair.ada
    const name = `Filled room ${Date.now()}`
    await createRooms(page, name)
    await sidebarRoom(page, name).click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    const roomId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!)
    // 150 come live, one by one, into the open room: one page of 150 in its cache.
    const texts = Array.from({ length: 150 }, (_, i) => `Filled ${i + 1} of ${name}`)
    await postMany(pair.server.url, benJwt, roomId, texts, 1)
    await messageInLog(page, texts[149]!).waitFor({ timeout: 30_000 })
    // A screen above the newest: further down than the shorter content will reach.
    await logScroller(page).evaluate(
      (box) => (box.scrollTop = box.scrollHeight - box.clientHeight * 2),
    )
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
    const left = await firstVisible(page)
    await sidebarRoom(page, 'Home').click()
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
    // Stale by then (messages-query.ts, 10 s): Back refetches the newest 100, without the 50
    // older ones above the place, which the browser then held at the shorter content's end.
    await page.waitForTimeout(10_500)
    const refetched = page.waitForResponse((r) => r.url().includes('/tables/messages/rows'))
    await page.goBack()
    await refetched
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))))
    await expect.poll(() => offsetOf(page, left.id)).toBeCloseTo(left.offset, 0)
    // Home again, for the tests after.
    await sidebarRoom(page, 'Home').click()
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor()
  }, 90_000)

  it('far above the newest, a button goes back down, with nothing new to count', async () => {
    const { page } = pair.ada
    const down = page.getByRole('button', { name: 'Go to the newest message' })
    await logScroller(page).evaluate((box) => (box.scrollTop = box.scrollHeight))
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
    expect(await down.count()).toBe(0)
    await logScroller(page).evaluate((box) => (box.scrollTop = 0))
    await down.waitFor()
    await down.click()
    await expect.poll(async () => (await scrollState(page)).fromBottom).toBeLessThan(2)
    await down.waitFor({ state: 'detached' })
  })

  it('more new than a screen holds: the pill shows the first of them at the top, and counts the rest below', async () => {
    const { page } = pair.ada
    // A few screens above the newest, as a reader going back over the afternoon.
    await logScroller(page).evaluate(
      (box) => (box.scrollTop = box.scrollHeight - box.clientHeight * 4),
    )
    // Its scroll event handled (it comes before the next frames) before the burst is posted.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
    const texts = Array.from({ length: 40 }, (_, i) => `Burst ${i + 1}`)
    await postMany(pair.server.url, benJwt, HOME_ROOM_ID, texts, 1)
    await page.getByRole('button', { name: '40 new ↓' }).waitFor({ timeout: 15_000 })
    await newPill(page).click()
    await expect.poll(() => messageInView(page, 'Burst 1')).toBe(true)
    // The last of them is further down, out of view (or, being far, not rendered at all).
    const last = messageInLog(page, 'Burst 40')
    expect((await last.count()) === 0 || !(await rowInView(last))).toBe(true)
    // At the top of the view, under the message read before them.
    expect((await firstVisible(page)).offset).toBeLessThan(80)
    // Those below are still unread: the pill says how many, and goes on to the next of them.
    await expect
      .poll(async () => Number((await newPill(page).innerText()).split(' ')[0]))
      .toBeLessThan(40)
    const rest = Number((await newPill(page).innerText()).split(' ')[0])
    expect(rest).toBeGreaterThan(0)
    await newPill(page).click()
    await expect.poll(() => messageInView(page, `Burst ${41 - rest}`)).toBe(true)
  }, 60_000)

  it('left at the bottom, opened again from the sidebar: at the line over what came meanwhile, only what is seen read', async () => {
    const { page } = pair.ada
    const name = `Away room ${Date.now()}`
    await createRooms(page, name)
    await logScroller(page).evaluate((box) => (box.scrollTop = box.scrollHeight))
    await sidebarRoom(page, 'Home').locator('.unread-badge').waitFor({ state: 'detached' })
    // Home (windowed, read to the end) is left for the other room; 30 arrive meanwhile.
    await sidebarRoom(page, name).click()
    await page.getByRole('heading', { level: 1, name }).waitFor()
    const texts = Array.from({ length: 30 }, (_, i) => `Meanwhile ${i + 1} in ${name}`)
    await postMany(pair.server.url, benJwt, HOME_ROOM_ID, texts, 1)
    const badge = sidebarRoom(page, 'Home').locator('.unread-badge')
    await badge.filter({ hasText: /^30$/ }).waitFor({ timeout: 15_000 })
    // Back: the room opens at the line, the first of them under it, not at the bottom (it did
    // when the window's reveal took a clamped scroll for the reader's), and the rows below the
    // view stay unread.
    await sidebarRoom(page, 'Home').click()
    const line = page.getByRole('log').locator('.unread-divider')
    await line.waitFor()
    expect(await line.innerText()).toBe('30 new messages')
    await expect.poll(() => messageInView(page, texts[0]!)).toBe(true)
    const last = messageInLog(page, texts[29]!)
    expect((await last.count()) === 0 || !(await rowInView(last))).toBe(true)
    await expect.poll(async () => Number(await badge.textContent())).toBeGreaterThan(0)
    expect(Number(await badge.textContent())).toBeLessThan(30)
    // The pill counts what is still unread below (as the badge does), not only what arrived
    // while she watched, and goes to the first of it rather than past it to the newest.
    const pill = newPill(page)
    await pill.waitFor()
    await expect
      .poll(async () => `${await pill.innerText()}`)
      .toBe(`${await badge.textContent()} new ↓`)
    const left = Number((await pill.innerText()).split(' ')[0])
    await pill.click()
    const firstUnseen = texts[30 - left]!
    await expect.poll(() => messageInView(page, firstUnseen)).toBe(true)
    // More than a screen of them: the first at the top of the view, the last still unread below.
    expect(left).toBeGreaterThan(15)
    expect((await firstVisible(page)).offset).toBeLessThan(80)
    await expect.poll(async () => Number(await badge.textContent())).toBeGreaterThan(0)
  }, 60_000)
})
