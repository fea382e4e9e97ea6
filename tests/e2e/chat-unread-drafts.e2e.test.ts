import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADA,
  BEN,
  chatTitle,
  messageInLog,
  messageLog,
  sendMessage,
  setTabHidden,
  startPair,
  type Pair,
} from './helpers/pair'
import { createRooms, sidebarRoom } from './helpers/rooms'
import {
  logScroller,
  newPill,
  postMessagesAs,
  rowInView,
  scrollLogTo,
  scrollState,
} from './helpers/chat-view'
import { registerVerifiedViaApi, signInViaApi } from './helpers/register-api'
import { signedInMarker, signInViaUi } from './helpers/users'
import { isRetry } from './helpers/attempts'

// What a reader counts as unread (the partner's words, never system notices) and the tab title
// that totals it; the composer's draft per room, across room switches and reloads.
let pair: Pair
// Names and texts of one attempt only: a retry finds the first attempt's rooms (a second of the
// same name is refused) and messages.
let attempt = 0
let library = ''
let garden = ''

beforeAll(async () => {
  pair = await startPair()
  const { server, ada } = pair
  await Promise.all([ADA, BEN].map((user) => registerVerifiedViaApi(server.url, user)))
  // Only Ada signs in for now: Ben's sign-in, later, posts "Ben Franklin is online" in Home.
  await signInViaApi(ada.page, server.url, ADA.email, ADA.password)
}, 150_000)

afterAll(async () => {
  await pair?.close()
})

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })
const unreadLine = (page: Page) => messageLog(page).locator('.unread-divider')
/** The texts of the message rows in the scroll box's visible part. */
const inView = (page: Page) =>
  logScroller(page).evaluate((box) => {
    const { top, bottom } = box.getBoundingClientRect()
    return [...box.querySelectorAll<HTMLElement>('.msg[data-seq]')]
      .filter(
        (m) => m.getBoundingClientRect().bottom > top && m.getBoundingClientRect().top < bottom,
      )
      .map((m) => m.innerText)
  })
const homeBadge = (page: Page) => sidebarRoom(page, 'Home').locator('.unread-badge')

/**
 * A new room Ada read once, then 130 messages of Ben's while she was in Home (more than the
 * newest page holds), and Ada's page reloaded: its cache had every message, live.
 */
async function roomWithUnread(name: string, word: string) {
  const { server, ada, ben } = pair
  const tag = `#${++attempt}`
  const room = `${name} ${attempt}`
  await createRooms(ada.page, room)
  const roomId = decodeURIComponent(
    (await sidebarRoom(ada.page, room).getAttribute('href'))!.split('/').pop()!,
  )
  // Read once, so the room has a place Ada read to; then she is elsewhere while Ben writes.
  await postMessagesAs(ben.page, server.url, roomId, [`Before ${tag}`])
  await sidebarRoom(ada.page, room).click()
  await messageInLog(ada.page, `Before ${tag}`).waitFor()
  await sidebarRoom(ada.page, 'Home').click()
  await chatTitle(ada.page, 'Home')
  const texts = Array.from({ length: 130 }, (_, i) => `${word} ${i + 1} ${tag}`)
  await postMessagesAs(ben.page, server.url, roomId, texts)
  await sidebarRoom(ada.page, room).locator('.unread-badge[aria-label="130 unread"]').waitFor()
  await ada.page.reload()
  await signedInMarker(ada.page).waitFor()
  return { room, texts }
}

describe('unread counts and the tab title', () => {
  it('a system notice never counts as unread; the partner’s message does, in the title too', async (ctx) => {
    const { server, ada, ben } = pair
    const n = ++attempt
    ;[library, garden] = [`Library ${n}`, `Garden ${n}`]
    const [asked, found] = [`Anyone home? #${n}`, `Found you #${n}`]
    // A retry finds Ben signed in by the first attempt: he arrives again from the sign-in screen.
    if (isRetry(ctx)) await ben.page.context().clearCookies()
    await createRooms(ada.page, library, garden)
    await sidebarRoom(ada.page, library).click()
    await chatTitle(ada.page, library)
    // The tab names the room; Home is the app's own page.
    await expect.poll(() => ada.page.title()).toBe(`${library} · Kathelia`)

    // Ben arrives: the server announces him in Home, then he writes there.
    await signInViaUi(ben.page, server.url, BEN.email, BEN.password)
    await ada.page.getByLabel('Chat partner').getByText(BEN.name).waitFor()
    await sendMessage(ben.page, asked)
    await homeBadge(ada.page).filter({ hasText: /^\d+$/ }).waitFor()
    // Realtime events come in order: the notice reached Ada before Ben's message did.
    expect(await homeBadge(ada.page).innerText()).toBe('1')
    await expect.poll(() => ada.page.title()).toBe(`(1) ${library} · Kathelia`)

    // The room Ada is reading at the bottom does not count.
    await sidebarRoom(ben.page, library).click()
    await chatTitle(ben.page, library)
    await sendMessage(ben.page, found)
    await messageInLog(ada.page, found).waitFor()
    expect(await ada.page.title()).toBe(`(1) ${library} · Kathelia`)

    // Opening Home reads it; the notice was there all along, apart from the messages. The line
    // of what was new stands above Ben's message, not above the notice, which never counts.
    await sidebarRoom(ada.page, 'Home').click()
    await messageInLog(ada.page, asked).waitFor()
    const line = unreadLine(ada.page)
    expect(await line.innerText()).toBe('1 new message')
    expect(await line.locator('xpath=../following-sibling::*[1]').innerText()).toContain(asked)
    await messageLog(ada.page)
      .locator('.system-notice')
      .filter({ hasText: `${BEN.name} is online` })
      .last()
      .waitFor()
    await homeBadge(ada.page).waitFor({ state: 'detached' })
    await expect.poll(() => ada.page.title()).toBe('Kathelia')
  })

  it('a message deleted before it was read no longer counts, nor gets the line', async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    const [kept, wrong] = [`Keep this ${tag}`, `Wrong room ${tag}`]
    const libraryBadge = sidebarRoom(ada.page, library).locator('.unread-badge')
    await sidebarRoom(ada.page, 'Home').click()
    await chatTitle(ada.page, 'Home')
    await sidebarRoom(ben.page, library).click()
    await chatTitle(ben.page, library)
    for (const text of [kept, wrong]) await sendMessage(ben.page, text)
    await libraryBadge.filter({ hasText: /^2$/ }).waitFor()
    // Ben takes the second back before Ada has opened the room.
    const row = messageLog(ben.page).locator('.msg').filter({ hasText: wrong })
    await row.hover()
    await row.getByRole('button', { name: 'Message actions' }).click()
    await ben.page.getByRole('menuitem', { name: 'Delete' }).click()
    await ben.page
      .getByRole('alertdialog', { name: 'Delete message' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await libraryBadge.filter({ hasText: /^1$/ }).waitFor()
    await expect.poll(() => ada.page.title()).toBe('(1) Kathelia')
    await sidebarRoom(ada.page, library).click()
    await messageInLog(ada.page, kept).waitFor()
    const line = unreadLine(ada.page)
    expect(await line.innerText()).toBe('1 new message')
    expect(await line.locator('xpath=../following-sibling::*[1]').innerText()).toContain(kept)
  })
})

describe('the unread line', () => {
  it('opens a room at the first message Ada has not read, under a line that stays until she answers', async (ctx) => {
    const { server, ada, ben } = pair
    const tag = `#${++attempt}`
    const texts = Array.from({ length: 40 }, (_, i) => `Page ${i + 1} of the garden ${tag}`)
    const badge = sidebarRoom(ada.page, garden).locator('.unread-badge')
    // A retry first reads what the failed attempt left unread in the garden.
    if (isRetry(ctx)) {
      await sidebarRoom(ada.page, garden).click()
      await chatTitle(ada.page, garden)
      await logScroller(ada.page).evaluate((el) => (el.scrollTop = el.scrollHeight))
      await badge.waitFor({ state: 'detached' })
    }
    await sidebarRoom(ada.page, 'Home').click()
    await chatTitle(ada.page, 'Home')
    const gardenId = decodeURIComponent(
      (await sidebarRoom(ada.page, garden).getAttribute('href'))!.split('/').pop()!,
    )
    await postMessagesAs(ben.page, server.url, gardenId, texts)
    await badge.filter({ hasText: '40' }).waitFor()

    // Forty rows are more than a screen: the room opens with the line at the top, the first
    // unread message under it, the newest below the view.
    await sidebarRoom(ada.page, garden).click()
    const line = unreadLine(ada.page)
    await line.waitFor()
    expect(await line.innerText()).toBe('40 new messages')
    expect(await rowInView(line)).toBe(true)
    expect(await rowInView(messageInLog(ada.page, texts[0]!))).toBe(true)
    expect(await rowInView(messageInLog(ada.page, texts[39]!))).toBe(false)
    expect((await scrollState(ada.page)).fromBottom).toBeGreaterThan(100)

    // What is on screen is read: the badge counts down to what is still below the view.
    const left = async () => Number((await badge.textContent()) ?? 0)
    await expect.poll(left).toBeLessThan(40)
    expect(await left()).toBeGreaterThan(0)

    // Read down to the end: the badge goes, the line stays where it was.
    await logScroller(ada.page).evaluate((el) => (el.scrollTop = el.scrollHeight))
    await badge.waitFor({ state: 'detached' })
    expect(await line.count()).toBe(1)

    // Her answer ends it; the room opened again after reading all has none.
    await sendMessage(ada.page, `All read ${tag}`)
    await messageInLog(ada.page, `All read ${tag}`).waitFor()
    await line.waitFor({ state: 'detached' })

    // Away in another tab meanwhile: a line marks what came while she was gone, drawn before
    // she is back (nothing moves on her return).
    await setTabHidden(ada.page, true)
    await postMessagesAs(ben.page, server.url, gardenId, [`While away ${tag}`, `Still away ${tag}`])
    await messageInLog(ada.page, `Still away ${tag}`).waitFor()
    await setTabHidden(ada.page, false)
    await line.waitFor()
    expect(await line.innerText()).toBe('2 new messages')
    expect(await line.locator('xpath=../following-sibling::*[1]').innerText()).toContain(
      `While away ${tag}`,
    )
    await ada.page.reload()
    await signedInMarker(ada.page).waitFor()
    await messageInLog(ada.page, `All read ${tag}`).waitFor()
    expect(await line.count()).toBe(0)
    expect((await scrollState(ada.page)).fromBottom).toBeLessThan(100)

    // Watching the bottom of the room, what arrives is read as it comes: no line (it is drawn in
    // the same frame as the message, so its absence then is its absence).
    await postMessagesAs(ben.page, server.url, gardenId, [`Seen live ${tag}`])
    await messageInLog(ada.page, `Seen live ${tag}`).waitFor()
    expect(await line.count()).toBe(0)
    // Scrolled up, she has not seen the next one: the pill, and a line above it.
    await scrollLogTo(ada.page, 'top')
    // Its scroll event handled (it comes before the next frames) before the message is posted.
    await ada.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
    await postMessagesAs(ben.page, server.url, gardenId, [`Not seen yet ${tag}`])
    await newPill(ada.page).waitFor()
    await line.waitFor()
    expect(await line.innerText()).toBe('1 new message')
    expect(await line.locator('xpath=../following-sibling::*[1]').innerText()).toContain(
      `Not seen yet ${tag}`,
    )
    // Back at the bottom, the line stays, and what she now watches arrive does not count on it.
    await logScroller(ada.page).evaluate((el) => (el.scrollTop = el.scrollHeight))
    await newPill(ada.page).waitFor({ state: 'detached' })
    await postMessagesAs(ben.page, server.url, gardenId, [`Watched ${tag}`])
    await messageInLog(ada.page, `Watched ${tag}`).waitFor()
    expect(await line.innerText()).toBe('1 new message')

    // Her answer from another device ends it too; what Ben says after that gets a new one.
    await setTabHidden(ada.page, true)
    await postMessagesAs(ada.page, server.url, gardenId, [`From my phone ${tag}`])
    await messageInLog(ada.page, `From my phone ${tag}`).waitFor()
    await line.waitFor({ state: 'detached' })
    await postMessagesAs(ben.page, server.url, gardenId, [`After the phone ${tag}`])
    await messageInLog(ada.page, `After the phone ${tag}`).waitFor()
    await setTabHidden(ada.page, false)
    await line.waitFor()
    expect(await line.innerText()).toBe('1 new message')
    expect(await line.locator('xpath=../following-sibling::*[1]').innerText()).toContain(
      `After the phone ${tag}`,
    )
  })

  it('with more unread than a page holds, still opens at the first of them', async () => {
    const { ada } = pair
    const { room: shed, texts } = await roomWithUnread('Shed', 'Shelf')
    // The newest page holds 100: the older one comes first, and the room opens at the line.
    await sidebarRoom(ada.page, shed).click()
    const line = unreadLine(ada.page)
    await line.waitFor()
    expect(await line.innerText()).toBe('130 new messages')
    await expect.poll(() => rowInView(line)).toBe(true)
    expect(await rowInView(messageInLog(ada.page, texts[0]!))).toBe(true)
    expect(await rowInView(messageInLog(ada.page, texts[129]!))).toBe(false)
    // The newest rows, on screen while the older page came, were not read: most still count.
    await ada.page.waitForTimeout(500)
    const unread = sidebarRoom(ada.page, shed).locator('.unread-badge')
    expect(Number((await unread.getAttribute('aria-label'))!.split(' ')[0])).toBeGreaterThan(50)
    await sidebarRoom(ada.page, 'Home').click()
    await chatTitle(ada.page, 'Home')
  })

  it('with more unread than a page holds, a reader who moves the list meanwhile stays where they are', async () => {
    const { ada } = pair
    const { room: porch, texts } = await roomWithUnread('Porch', 'Step')
    // The older page is held: Ada scrolls up a little while it is on its way.
    const held: (() => Promise<void>)[] = []
    let holding = true
    const release = async () => {
      holding = false
      for (const go of held.splice(0)) await go()
    }
    const older = (url: URL) =>
      url.pathname.includes('/tablesdb/') && decodeURIComponent(url.search).includes('lessThan')
    await ada.page.route(older, (route) =>
      holding ? void held.push(() => route.continue()) : route.continue(),
    )
    try {
      await sidebarRoom(ada.page, porch).click()
      await messageInLog(ada.page, texts[129]!).waitFor()
      await expect.poll(() => held.length).toBeGreaterThan(0)
      await logScroller(ada.page).hover()
      await ada.page.mouse.wheel(0, -200)
      await expect.poll(async () => (await scrollState(ada.page)).fromBottom).toBeGreaterThan(100)
      const before = await inView(ada.page)
      const arrived = ada.page.waitForResponse((r) => older(new URL(r.url())))
      await release()
      // The page arrives (its rows above her), and the room does not move to the line.
      await arrived
      await ada.page.waitForTimeout(500)
      expect(await inView(ada.page)).toEqual(before)
      expect(before.length).toBeGreaterThan(0)
    } finally {
      await release()
      await ada.page.unroute(older)
    }
    await sidebarRoom(ada.page, 'Home').click()
    await chatTitle(ada.page, 'Home')
  })

  it('a message written on an earlier visit and only sent now ends no line, nor takes Ada past what is new', async (ctx) => {
    const { server, ada, ben } = pair
    const tag = `#${++attempt}`
    const badge = sidebarRoom(ada.page, garden).locator('.unread-badge')
    const gardenPath = (await sidebarRoom(ada.page, garden).getAttribute('href'))!
    const gardenId = decodeURIComponent(gardenPath.split('/').pop()!)
    if (isRetry(ctx)) {
      await sidebarRoom(ada.page, garden).click()
      await logScroller(ada.page).evaluate((el) => (el.scrollTop = el.scrollHeight))
      await badge.waitFor({ state: 'detached' })
    }
    // A second tab writes while offline and is closed with the message unsent: kept for later.
    const context = ada.page.context()
    const earlier = await context.newPage()
    const old = `Written on the train ${tag}`
    try {
      await earlier.goto(new URL(gardenPath, server.url).href)
      await composer(earlier).waitFor()
      await context.setOffline(true)
      await sendMessage(earlier, old)
      await messageLog(earlier).getByText('Waiting for the connection to send').waitFor()
    } finally {
      await earlier.close()
      await context.setOffline(false)
    }
    await sidebarRoom(ada.page, 'Home').click()
    await chatTitle(ada.page, 'Home')
    const texts = Array.from({ length: 30 }, (_, i) => `Meanwhile ${i + 1} ${tag}`)
    await postMessagesAs(ben.page, server.url, gardenId, texts)
    await badge.filter({ hasText: '30' }).waitFor()

    // The next visit sends the kept message: it is stored after Ben's thirty, yet the room
    // still opens at his first, under the line, and stays there.
    await ada.page.goto(new URL(gardenPath, server.url).href)
    const line = unreadLine(ada.page)
    await line.waitFor()
    await messageLog(ada.page)
      .locator('.msg[data-seq]', { has: ada.page.getByText(old, { exact: true }) })
      .waitFor({ state: 'attached', timeout: 20_000 })
    await ada.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
    expect(await line.innerText()).toBe('30 new messages')
    expect(await rowInView(messageInLog(ada.page, texts[0]!))).toBe(true)
    expect((await scrollState(ada.page)).fromBottom).toBeGreaterThan(100)
    // Read down to her message: read, and the line stays until she writes now.
    await logScroller(ada.page).evaluate((el) => (el.scrollTop = el.scrollHeight))
    await badge.waitFor({ state: 'detached' })
    expect(await line.count()).toBe(1)
  })
})

describe('drafts per room', () => {
  it('unsent text stays with its room across switches and reloads, and leaves once sent', async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    const [half, forLibrary] = [`Half a thought ${tag}`, `For the library ${tag}`]
    // A retry finds the first attempt's drafts: each room's composer is emptied, Home last.
    for (const room of [library, garden, 'Home']) {
      await sidebarRoom(ada.page, room).click()
      await chatTitle(ada.page, room)
      await composer(ada.page).fill('')
    }
    await composer(ada.page).pressSequentially(half)

    await sidebarRoom(ada.page, library).click()
    await chatTitle(ada.page, library)
    expect(await composer(ada.page).inputValue()).toBe('')
    await composer(ada.page).pressSequentially(forLibrary)
    // Room to room (the same route, other params): each keeps its own.
    await sidebarRoom(ada.page, garden).click()
    await chatTitle(ada.page, garden)
    expect(await composer(ada.page).inputValue()).toBe('')
    // The sidebar marks the room left with unsent text, not the open one nor an empty one.
    const draftMark = (room: string) => sidebarRoom(ada.page, room).locator('.draft-mark')
    expect(await draftMark(library).innerText()).toBe('Draft')
    expect(await draftMark(garden).count()).toBe(0)
    // Home's link too, as a room's (it never said so).
    expect(await draftMark('Home').innerText()).toBe('Draft')
    await sidebarRoom(ada.page, library).click()
    await chatTitle(ada.page, library)
    expect(await composer(ada.page).inputValue()).toBe(forLibrary)
    // The cursor is back after the draft, where typing goes on (a walk's went in at its start).
    await ada.page.keyboard.type('!')
    expect(await composer(ada.page).inputValue()).toBe(`${forLibrary}!`)
    await ada.page.keyboard.press('Backspace')
    await sidebarRoom(ada.page, 'Home').click()
    await chatTitle(ada.page, 'Home')
    expect(await composer(ada.page).inputValue()).toBe(half)

    await ada.page.reload()
    await signedInMarker(ada.page).waitFor()
    await chatTitle(ada.page, 'Home')
    await expect.poll(() => composer(ada.page).inputValue()).toBe(half)

    await sidebarRoom(ada.page, library).click()
    await chatTitle(ada.page, library)
    expect(await composer(ada.page).inputValue()).toBe(forLibrary)
    await composer(ada.page).press('Enter')
    await messageInLog(ben.page, forLibrary).waitFor()
    expect(await composer(ada.page).inputValue()).toBe('')
    await sidebarRoom(ada.page, garden).click()
    await chatTitle(ada.page, garden)
    expect(await draftMark(library).count()).toBe(0)
    await sidebarRoom(ada.page, library).click()
    await chatTitle(ada.page, library)
    await ada.page.reload()
    await signedInMarker(ada.page).waitFor()
    await chatTitle(ada.page, library)
    await messageInLog(ada.page, forLibrary).waitFor()
    expect(await composer(ada.page).inputValue()).toBe('')

    // Stored per user and room, and only while unsent: Home's is the one left.
    const stored = await ada.page.evaluate(() => Object.keys(localStorage))
    const drafts = stored.filter((k) => k.startsWith('kathelia-draft:'))
    expect(drafts).toHaveLength(1)
    expect(drafts[0]).toMatch(/^kathelia-draft:[^:]+:home$/)
  })
})
