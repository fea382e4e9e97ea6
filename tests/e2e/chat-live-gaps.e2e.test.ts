import type { WebSocketRoute } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  chatTitle,
  messageInLog,
  messageLog,
  sendMessage,
  setTabHidden,
  useOnboardedPair,
} from './helpers/pair'
import { holdAnswers, postMessagesAs, scrollLogTo } from './helpers/chat-view'
import { createRooms, sidebarRoom } from './helpers/rooms'
import { PROBE_MS } from '../../web/lib/realtime-wake'

// Nothing is lost in the two moments realtime alone cannot cover: before the server has applied
// a subscription (events are not replayed), and while a room's messages are being fetched (the
// answer, read before an event, replaces what the event wrote); and a link that comes back as soon
// as the network or the tab does.
const pair = useOnboardedPair()

/** Ben's realtime link, relayed: his `subscribe` frames can be held, and what reaches him seen. */
const link = {
  holdSubscribes: false,
  held: [] as string[],
  release: () => {},
  delivered: '',
  sockets: [] as WebSocketRoute[],
}

beforeAll(async () => {
  const { page } = pair.ben
  await page.routeWebSocket(/\/v1\/realtime/, (ws) => {
    link.sockets.push(ws)
    const server = ws.connectToServer()
    server.onMessage((frame) => {
      link.delivered += String(frame)
      ws.send(frame)
    })
    ws.onMessage((frame) => {
      const text = String(frame)
      if (link.holdSubscribes && text.includes('"type":"subscribe"')) link.held.push(text)
      else server.send(frame)
    })
    link.release = () => {
      link.holdSubscribes = false
      for (const frame of link.held.splice(0)) server.send(frame)
    }
  })
})

/**
 * Resolves once Ben's reloaded app has sent a subscribe frame (held): it subscribes once loaded,
 * which at a load of 15 takes more than the poll's default second.
 */
const heldSubscribe = () =>
  expect.poll(() => link.held.length, { timeout: 15_000 }).toBeGreaterThan(0)

/** Resolves once a realtime frame carrying `text` has been passed to Ben's page. */
const deliveredToBen = (text: string) =>
  expect.poll(() => link.delivered.includes(text), { timeout: 10_000 }).toBe(true)

/** A page of the room's messages (the unread count's smaller reads are left alone). */
const isRoomPage = (roomId: string) => (url: URL) => {
  const queries = decodeURIComponent(url.search)
  return (
    url.pathname.endsWith('/tables/messages/rows') &&
    queries.includes(`"values":["${roomId}"]`) &&
    queries.includes('"method":"limit","values":[100]')
  )
}

let libraryId = ''
// A name and texts of one attempt only: a retry finds the first attempt's room (a second of the
// same name is refused) and messages.
let attempt = 0
let library = ''
let deepTag = ''

/** An older page of a room: the rows below the oldest one loaded. */
const isOlderPage = (roomId: string) => (url: URL) =>
  isRoomPage(roomId)(url) && decodeURIComponent(url.search).includes('"method":"lessThan"')

/** A read of a room's unread count: the messages newer than this device's last read one. */
const isUnreadRead = (roomId: string) => (url: URL) => {
  const queries = decodeURIComponent(url.search)
  return (
    url.pathname.endsWith('/tables/messages/rows') &&
    queries.includes(`"values":["${roomId}"]`) &&
    queries.includes('"method":"greaterThan"')
  )
}

describe('realtime gaps', () => {
  it('a message sent before the server applied the subscription is fetched once it has', async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    const [early, after] = [`Sent before Ben was listening ${tag}`, `And after ${tag}`]
    link.holdSubscribes = true
    await ben.page.reload()
    await chatTitle(ben.page, 'Home')
    await messageLog(ben.page).waitFor()
    await heldSubscribe()

    await sendMessage(ada.page, early)
    await messageLog(ada.page).getByText('Sending…').waitFor({ state: 'detached' })
    expect(await messageInLog(ben.page, early).count()).toBe(0)

    link.release()
    await messageInLog(ben.page, early).waitFor()
    // …and live again from then on.
    await sendMessage(ada.page, after)
    await messageInLog(ben.page, after).waitFor()
    expect(await messageInLog(ben.page, early).count()).toBe(1)
  })

  it('a message that arrives while a room loads survives the load’s older answer', async () => {
    const { ada, ben } = pair
    library = `Library ${++attempt}`
    await createRooms(ada.page, library)
    await sidebarRoom(ada.page, library).click()
    await chatTitle(ada.page, library)
    const roomId = new URL(ada.page.url()).pathname.split('/').pop()!
    libraryId = roomId

    // Ben's first load of the room is read by the server now and answered only when released.
    const load = await holdAnswers(ben.page, isRoomPage(roomId))
    try {
      await sidebarRoom(ben.page, library).click()
      await expect.poll(() => load.read).toBeGreaterThan(0)

      await sendMessage(ada.page, 'Written while Ben’s room was loading')
      await deliveredToBen('Written while Ben’s room was loading')
      load.release()
      await chatTitle(ben.page, library)
      await messageInLog(ben.page, 'Written while Ben’s room was loading').waitFor()
    } finally {
      load.release()
      // Waits for the held reads' handlers: removed under them, their fulfill() would throw.
      await ben.page.unrouteAll({ behavior: 'wait' })
    }
  })

  it('a message that arrives while the unread count is read still counts', async () => {
    const { ada, ben } = pair
    const tag = `#${++attempt}`
    const [counted, oneMore] = [
      `Counted though the count was being read ${tag}`,
      `And one more ${tag}`,
    ]
    await sidebarRoom(ben.page, 'Home').click()
    await chatTitle(ben.page, 'Home')
    // What a first attempt left unread: this attempt's two messages come on top of it.
    const badge = sidebarRoom(ben.page, library).locator('.unread-badge')
    const before = (await badge.count()) ? Number(await badge.innerText()) : 0
    // A count of Library that Ben's page asks for is read by the server now, answered on release.
    const reads = await holdAnswers(ben.page, isUnreadRead(libraryId))
    try {
      // The link drops: after the reconnect the app reads every count again, Library's included.
      await link.sockets.at(-1)!.close({ code: 1001, reason: 'link lost' })
      await expect.poll(() => reads.read, { timeout: 15_000 }).toBe(1)

      await sendMessage(ada.page, counted)
      await deliveredToBen(counted)
      reads.release()
      await expect.poll(() => reads.answered, { timeout: 5_000 }).toBe(1)
      // Had the older answer replaced the count, the next message would add 1 to it, not 2.
      await sendMessage(ada.page, oneMore)
      await deliveredToBen(oneMore)
      await badge.getByText(String(before + 2), { exact: true }).waitFor()
    } finally {
      reads.release()
      await ben.page.unrouteAll({ behavior: 'wait' })
    }
  })

  it('an older page cancelled by the confirmation’s refetch is asked for again', async () => {
    const { ben } = pair
    deepTag = `Deep${++attempt}`
    const deep = (n: number) => `${deepTag} ${String(n).padStart(3, '0')}`
    // Ben's own (from his phone, say): unread, the room would read the older page itself, to
    // open at the first of them (chat-unread-drafts.e2e).
    await postMessagesAs(
      ben.page,
      pair.server.url,
      libraryId,
      [...Array(110)].map((_, i) => deep(i + 1)),
    )
    link.holdSubscribes = true
    await ben.page.goto(new URL(`/rooms/${libraryId}`, pair.server.url).href)
    await messageInLog(ben.page, deep(110)).waitFor()
    await heldSubscribe()

    // Ben scrolls to the top; the older page is read by the server, its answer held.
    const older = await holdAnswers(ben.page, isOlderPage(libraryId))
    try {
      await scrollLogTo(ben.page, 'top')
      await expect.poll(() => older.read).toBeGreaterThan(0)
      // Now the subscription is confirmed: every cached query, this room's pages too, is read again.
      const refetched = ben.page.waitForRequest((req) => {
        const url = new URL(req.url())
        return isRoomPage(libraryId)(url) && !isOlderPage(libraryId)(url)
      })
      link.release()
      await refetched
      older.release()
      // Ben is still at the top and gets no new scroll event: the app asks for the page itself.
      await messageInLog(ben.page, deep(1)).waitFor({ state: 'attached' })
    } finally {
      older.release()
      await ben.page.unrouteAll({ behavior: 'wait' })
    }
  })

  it('older search matches cancelled by the confirmation’s refetch are asked for again', async () => {
    const { ben } = pair
    const isSearch = (url: URL) =>
      isRoomPage(libraryId)(url) && decodeURIComponent(url.search).includes('"method":"contains"')
    link.holdSubscribes = true
    await ben.page.reload()
    await chatTitle(ben.page, library)
    await heldSubscribe()
    // The messages of the test before's last attempt only.
    await ben.page.getByRole('searchbox', { name: 'Search messages' }).fill(deepTag)
    const note = messageLog(ben.page).locator('.search-note')
    await note
      .filter({ hasText: new RegExp(`^The newest 100 messages matching “${deepTag}”`) })
      .waitFor()

    // Ben asks for older matches; the server reads them, the answer is held.
    const older = await holdAnswers(ben.page, (url) => isSearch(url) && isOlderPage(libraryId)(url))
    try {
      await note.getByRole('button', { name: 'Load older matches' }).click()
      await expect.poll(() => older.read).toBeGreaterThan(0)
      // The confirmation reads every cached query again, the search too, cancelling that read.
      const refetched = ben.page.waitForRequest((req) => {
        const url = new URL(req.url())
        return isSearch(url) && !isOlderPage(libraryId)(url)
      })
      link.release()
      await refetched
      older.release()
      // Ben clicked once: the older matches come without a second click.
      await note
        .filter({ hasText: new RegExp(`^110 messages matching “${deepTag}” in this room$`) })
        .waitFor()
    } finally {
      older.release()
      await ben.page.unrouteAll({ behavior: 'wait' })
    }
  })

  it('back online, or back at the tab, the link reopens at once, not after the SDK’s back-off', async () => {
    const { ada } = pair
    const text = `Back at once #${++attempt}`
    // A tab of Ben's whose sockets this test relays (each can be made dead), and whose timers it
    // holds while the link is down: the SDK's own retry, a timer, never comes.
    const tab = await pair.ben.page.context().newPage()
    const sockets: { route: WebSocketRoute; dead: boolean; sent: string }[] = []
    const retrying = () =>
      tab.waitForEvent('console', (m) => m.text().startsWith('Realtime disconnected'))
    try {
      await sidebarRoom(ada.page, 'Home').click()
      await chatTitle(ada.page, 'Home')
      await tab.clock.install()
      await tab.routeWebSocket(/\/v1\/realtime/, (route) => {
        const socket = { route, dead: false, sent: '' }
        sockets.push(socket)
        const server = route.connectToServer()
        route.onMessage((frame) => {
          socket.sent += String(frame)
          if (!socket.dead) server.send(frame)
        })
        server.onMessage((frame) => void (socket.dead || route.send(frame)))
      })
      const wakeLoaded = tab.waitForResponse((r) => r.url().includes('realtime-wake'), {
        timeout: 30_000,
      })
      wakeLoaded.catch(() => undefined) // awaited below; not unhandled if a step before fails
      await tab.goto(pair.server.url)
      await tab.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 20_000 })
      // Settled: the part that wakes the link has loaded (a chunk of its own).
      await wakeLoaded
      const subscribed = () => sockets.at(-1)?.sent.includes('"type":"subscribe"') ?? false
      await expect.poll(subscribed, { timeout: 10_000 }).toBe(true)
      await tab.clock.pauseAt(await tab.evaluate(() => Date.now() + 50))

      // The network goes; the link drops; the network comes back.
      await tab.context().setOffline(true)
      const dropped = retrying()
      await sockets.at(-1)!.route.close({ code: 1001, reason: 'network lost' })
      await dropped
      // Offline, no retry for a while (each can only fail, and logs it): it retried every second.
      await tab.clock.runFor(10_000)
      expect(sockets.length).toBe(1)
      await tab.context().setOffline(false)
      await expect.poll(() => sockets.length, { timeout: 5_000 }).toBe(2)
      await expect.poll(subscribed, { timeout: 5_000 }).toBe(true)

      // A socket that looks open but carries nothing (a laptop's sleep): the tab shown again
      // pings it, and one that stays silent is replaced.
      sockets[1].dead = true
      await setTabHidden(tab, true)
      await setTabHidden(tab, false)
      await expect
        .poll(() => sockets[1].sent.includes('"type":"ping"'), { timeout: 5_000 })
        .toBe(true)
      expect(sockets.length).toBe(2)
      await tab.clock.runFor(PROBE_MS)
      await expect.poll(() => sockets.length, { timeout: 5_000 }).toBe(3)

      // Live again, on the one new socket.
      await tab.clock.resume()
      await sendMessage(ada.page, text)
      await messageInLog(tab, text).waitFor({ timeout: 10_000 })
      expect(sockets.length).toBe(3)
    } finally {
      await tab.context().setOffline(false)
      await tab.close()
    }
  })
})
