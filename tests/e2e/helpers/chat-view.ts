import type { Locator, Page, Route } from 'playwright-core'
import { jwtOf } from './page-api'
import { messageInLog } from './pair'

// The chat's scroll box as a reader experiences it, and a realtime link that can lose events.

/** The scrolling box around the message log (the log itself grows with its rows). */
export const logScroller = (page: Page): Locator => page.locator('.message-scroll')

/** The log's last message row with `text` in it. */
export const rowWith = (page: Page, text: string): Locator =>
  page.getByRole('log').locator('.msg').filter({ hasText: text }).last()

/** Opens that row's menu at its "⋯", as a mouse does, and picks `item` in it. */
export async function pickFromMenu(page: Page, text: string, item: string) {
  const r = rowWith(page, text)
  await r.hover()
  await r.getByRole('button', { name: 'Message actions' }).click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

export type ScrollState = { top: number; fromBottom: number }

/** Where the scroll box is: its scrollTop and how many pixels are left below the view. */
export const scrollState = (page: Page): Promise<ScrollState> =>
  logScroller(page).evaluate((el) => ({
    top: el.scrollTop,
    fromBottom: el.scrollHeight - el.scrollTop - el.clientHeight,
  }))

/** Scrolls the box like a reader dragging its scrollbar (the browser fires the scroll event). */
export const scrollLogTo = (page: Page, to: 'top' | 'middle') =>
  logScroller(page).evaluate((el, where) => {
    el.scrollTop = where === 'top' ? 0 : (el.scrollHeight - el.clientHeight) / 2
  }, to)

/** True when the row (or a part of it) lies inside the scroll box's visible part. */
export const rowInView = (row: Locator): Promise<boolean> =>
  row.evaluate((el) => {
    const box = el.closest('.message-scroll')!.getBoundingClientRect()
    const r = el.getBoundingClientRect()
    return r.bottom > box.top && r.top < box.bottom
  })

/** True when the message's text lies inside the scroll box's visible part. */
export const messageInView = (page: Page, text: string): Promise<boolean> =>
  rowInView(messageInLog(page, text))

/**
 * Posts messages one after another (so they keep their order) to the product API's
 * POST /api/message/add, as the page's signed-in user.
 */
export async function postMessagesAs(page: Page, baseUrl: string, roomId: string, texts: string[]) {
  const jwt = await jwtOf(page)
  for (const message of texts) {
    const res = await fetch(new URL('/api/message/add', baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ roomId, message }),
    })
    if (res.status !== 201) throw new Error(`POST /api/message/add answered ${res.status}`)
  }
}

/** The "N new" control shown while the reader is scrolled up. */
export const newPill = (page: Page): Locator => page.getByRole('button', { name: /^\d+ new ↓$/ })

/**
 * Relays the page's realtime socket (install before the app connects). While `drop` matches a
 * frame, that event is lost on its way to the page, as on a flaky link.
 */
export async function relayRealtime(page: Page) {
  const relay = { drop: null as string | null }
  await page.routeWebSocket(/\/v1\/realtime/, (link) => {
    const server = link.connectToServer()
    server.onMessage((frame) => {
      if (!(relay.drop && String(frame).includes(relay.drop))) link.send(frame)
    })
    link.onMessage((frame) => server.send(frame))
  })
  return relay
}

/**
 * The intercepted request sent by the test runner (`route.fetch`), once more when the runtime
 * reset the connection it reused: workerd may close a kept-alive connection without saying so
 * (docs/testing.md, "Test servers serve the deployable build"). Only for reads, which may repeat.
 */
export async function fetchRead(route: Route) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await route.fetch()
    } catch (err) {
      if (attempt >= 3 || !/ECONNRESET|socket hang up/i.test(String(err))) throw err
    }
  }
}

/**
 * Holds the page's requests that `match`: the server reads each at once, but its answer reaches
 * the page only after `release()` (and at once from then on). `read` and `answered` count them.
 */
export async function holdAnswers(page: Page, match: (url: URL) => boolean) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const held = { read: 0, answered: 0, release }
  await page.route(match, async (route) => {
    const response = await fetchRead(route)
    held.read += 1
    await released
    // A page that stopped waiting (its read was cancelled) may be gone: nothing to deliver.
    await route.fulfill({ response }).catch(() => undefined)
    held.answered += 1
  })
  return held
}
