import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  messageInLog,
  messageLog,
  sendMessage,
  storedInLog,
  useOnboardedPair,
} from './helpers/pair'
import { postMessagesAs, scrollState } from './helpers/chat-view'
import { signedInMarker } from './helpers/users'
import { traceOnFailure } from './helpers/page-trace'
import { clickedYet } from './helpers/clicked'
import { HOME_ROOM_ID } from '../../shared/constants'

// The outbox never loses a message: sends made while the API cannot be reached survive a reload
// and go out by themselves, once each and in their order, when the connection returns. A failed
// send's notice is in view for a reader at the bottom.
const pair = useOnboardedPair()
// Texts of one attempt only: a retry finds the first attempt's messages, sent or not.
let attempt = 0

/** The "Not sent." lines under the messages whose text contains `text`. */
const notSent = (page: Page, text: string) =>
  messageLog(page)
    .locator('.msg', { hasText: text })
    .getByRole('alert')
    .filter({ hasText: 'Not sent.' })

/** Every outbox list the page's storage holds, as one text. */
const storedOutbox = (page: Page) =>
  page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([k]) => k.startsWith('kathelia-outbox'))
      .map(([, v]) => v)
      .join(''),
  )

/** The texts of the log's user messages, top to bottom. */
const logTexts = (page: Page) => messageLog(page).locator('.msg-text').allInnerTexts()

describe('the outbox', () => {
  it('keeps unsent messages across a reload and delivers them once, in order, when back online', async () => {
    const { ada, ben } = pair
    traceOnFailure({ ada: ada.page, ben: ben.page })
    const tag = `#${++attempt}`
    const texts = [1, 2, 3].map((i) => `Queued while offline ${i} ${tag}`)
    const backOnline = `Back online ${tag}`
    // The API is unreachable for Ada (the rest of the app still loads).
    await ada.page.route('**/api/message/add', (route) => route.abort('internetdisconnected'))
    for (const text of texts) await sendMessage(ada.page, text)
    await expect.poll(() => notSent(ada.page, tag).count()).toBe(3)

    await ada.page.reload()
    await signedInMarker(ada.page).waitFor()
    // Restored, still unsent (the automatic attempt after the reload failed too), in order.
    await expect.poll(() => notSent(ada.page, tag).count()).toBe(3)
    expect((await logTexts(ada.page)).filter((t) => texts.includes(t))).toEqual(texts)
    expect(await messageInLog(ben.page, texts[0]!).count()).toBe(0)

    // The connection returns: the browser says so, and the queue goes out by itself.
    await ada.page.unroute('**/api/message/add')
    await ada.page.context().setOffline(true)
    await ada.page.context().setOffline(false)
    await messageInLog(ben.page, texts[2]!).waitFor()
    await expect.poll(() => notSent(ada.page, tag).count()).toBe(0)

    // Events arrive in order: once Ben has this one, a duplicate would have reached him before.
    await sendMessage(ada.page, backOnline)
    await messageInLog(ben.page, backOnline).waitFor()
    for (const { page } of [ada, ben]) {
      const shown = await logTexts(page)
      expect(shown.filter((t) => texts.includes(t))).toEqual(texts)
      expect(shown.indexOf(backOnline)).toBeGreaterThan(shown.indexOf(texts[2]!))
    }
    // Ada's confirmed copies carry the server's increasing sequence numbers.
    const seqs = await Promise.all(
      texts.map((text) =>
        messageLog(ada.page)
          .locator('.msg[data-seq]', { has: ada.page.getByText(text, { exact: true }) })
          .getAttribute('data-seq'),
      ),
    )
    expect(seqs.map(Number)).toEqual([...seqs.map(Number)].sort((a, b) => a - b))
    // Nothing unsent is left behind in storage.
    const stored = await ada.page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('kathelia-outbox')),
    )
    expect(stored).toEqual([])
  })
})

describe('the outbox in two tabs', () => {
  it('keeps both tabs’ unsent messages, whichever saves last, and sends both', async () => {
    const { ada, ben } = pair
    traceOnFailure({ ada: ada.page, ben: ben.page })
    const tag = `#${++attempt}`
    const [one, two] = [`From tab one ${tag}`, `From tab two ${tag}`]
    const context = ada.page.context()
    const second = await context.newPage()
    try {
      await second.goto(pair.server.url)
      // The room drawn and its composer live before the network goes (its chunk comes after
      // the signed-in shell's).
      await messageLog(second).waitFor()
      await second.getByRole('textbox', { name: 'Message' }).waitFor()
      await context.setOffline(true)
      await sendMessage(ada.page, one)
      await messageLog(ada.page).getByText('Waiting for the connection to send').waitFor()
      await sendMessage(second, two)
      await messageLog(second)
        .locator('.msg', { hasText: two })
        .getByText('Waiting for the connection to send')
        .waitFor()
      // What is stored holds both tabs' messages.
      const stored = await storedOutbox(second)
      expect(stored).toContain(one)
      expect(stored).toContain(two)
      // Each tab shows the other's too, waiting as its own do; each list keeps only its own.
      for (const [page, text] of [
        [ada.page, two],
        [second, one],
      ] as const)
        await messageLog(page)
          .locator('.msg', { hasText: text })
          .getByText('Waiting for the connection to send')
          .waitFor()
      const lists = await second.evaluate(() =>
        Object.entries(localStorage).filter(([k]) => k.startsWith('kathelia-outbox')),
      )
      expect(lists.map(([, v]) => Number(v.includes(one)) + Number(v.includes(two)))).toEqual(
        lists.map(() => 1),
      )
      await context.setOffline(false)
      await messageInLog(ben.page, one).waitFor({ timeout: 20_000 })
      await messageInLog(ben.page, two).waitFor({ timeout: 20_000 })
      // Once each, in both of Ada's tabs and at Ben's.
      for (const page of [ada.page, second, ben.page])
        for (const text of [one, two])
          await expect
            .poll(() => messageLog(page).locator('.msg', { hasText: text }).count())
            .toBe(1)
      for (const page of [ada.page, second])
        await expect.poll(() => messageLog(page).locator('.msg-failed').count()).toBe(0)
      // Both tabs saved as they sent, at about the same time: neither kept the other's message
      // (a reload would show it as not sent and send it again ahead of newer ones).
      for (const page of [ada.page, second]) await expect.poll(() => storedOutbox(page)).toEqual('')
    } finally {
      await context.setOffline(false)
      await second.close()
    }
  })
})

describe('a message that has not gone yet', () => {
  it('can be deleted, offline or refused, and never goes', async () => {
    const { ada, ben } = pair
    traceOnFailure({ ada: ada.page, ben: ben.page })
    const tag = `#${++attempt}`
    const [regretted, kept] = [`Sent in haste ${tag}`, `Sent on purpose ${tag}`]
    const context = ada.page.context()
    await context.setOffline(true)
    try {
      await sendMessage(ada.page, regretted)
      await sendMessage(ada.page, kept)
      const waiting = messageLog(ada.page).locator('.msg', { hasText: regretted })
      await waiting.getByText('Waiting for the connection to send').waitFor()
      await waiting.getByRole('button', { name: 'Delete unsent message' }).click()
      await waiting.waitFor({ state: 'detached' })
      expect(await storedOutbox(ada.page)).not.toContain(regretted)
    } finally {
      await context.setOffline(false)
    }
    await messageInLog(ben.page, kept).waitFor({ timeout: 20_000 })
    // Events come in order: had the deleted one gone, Ben would have it before this one.
    expect(await messageInLog(ben.page, regretted).count()).toBe(0)
    expect(await messageInLog(ada.page, regretted).count()).toBe(0)
  })
})

describe('a send seen from another tab', () => {
  it('online, a message on its way in one tab is on its way in the other, never "Not sent"', async () => {
    const { ada, ben } = pair
    traceOnFailure({ ada: ada.page, ben: ben.page })
    const text = `On its way from tab one #${++attempt}`
    const second = await ada.page.context().newPage()
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    try {
      await second.goto(pair.server.url)
      await messageLog(second).waitFor()
      await second.getByRole('textbox', { name: 'Message' }).waitFor()
      // Tab one's send is held on its way; tab two has its list.
      await ada.page.route('**/api/message/add', async (route) => {
        await held
        await route.continue()
      })
      await sendMessage(ada.page, text)
      const there = messageLog(second).locator('.msg', { hasText: text })
      await there.getByText('Sending…').waitFor()
      expect(await there.locator('.msg-failed').count()).toBe(0)
      release()
      await messageInLog(ben.page, text).waitFor()
      await expect.poll(() => storedInLog(second, text).count()).toBe(1)
      expect(await messageLog(second).locator('.msg', { hasText: text }).count()).toBe(1)
      expect(await messageLog(second).locator('.msg-failed').count()).toBe(0)
    } finally {
      release()
      await ada.page.unroute('**/api/message/add')
      await second.close()
    }
  })
})

describe('a tab closed in the middle of a send', () => {
  it('leaves the message to the tab still open, which sends it once', async () => {
    const { ada, ben } = pair
    traceOnFailure({ ada: ada.page, ben: ben.page })
    const text = `Left by a closed tab #${++attempt}`
    const second = await ada.page.context().newPage()
    await second.goto(pair.server.url)
    await second.getByRole('textbox', { name: 'Message' }).waitFor()
    // The second tab's send never arrives: the tab goes with it on its way.
    await second.route('**/api/message/add', () => undefined)
    await sendMessage(second, text)
    const here = messageLog(ada.page).locator('.msg', { hasText: text })
    await here.getByText('Sending…').waitFor()
    await second.close()
    await messageInLog(ben.page, text).waitFor()
    await expect.poll(() => storedInLog(ada.page, text).count()).toBe(1)
    expect(await here.count()).toBe(1)
    expect(await messageInLog(ben.page, text).count()).toBe(1)
    await expect.poll(() => storedOutbox(ada.page)).not.toContain(text)
  })
})

describe('a send after a reload', () => {
  it('is "Sending…" while it goes, never "Not sent" meanwhile', async () => {
    const { ada, ben } = pair
    traceOnFailure({ ada: ada.page, ben: ben.page })
    const text = `Slow after the reload #${++attempt}`
    // Unsent when the page goes (its sends fail, then never answer), the message is restored.
    let hold = false
    const held: (() => void)[] = []
    await ada.page.route('**/api/message/add', async (route) => {
      if (!hold) return route.abort('internetdisconnected')
      await new Promise<void>((r) => held.push(r))
      // Unrouted meanwhile, the request already went on: nothing left to continue.
      await route.continue().catch(() => undefined)
    })
    await sendMessage(ada.page, text)
    await expect.poll(() => notSent(ada.page, text).count()).toBe(1)
    // From now on a send (the outbox's own next try, or the reloaded page's) waits.
    hold = true
    try {
      await ada.page.reload()
      await signedInMarker(ada.page).waitFor()
      const row = messageLog(ada.page).locator('.msg', { hasText: text })
      await row.getByText('Sending…').waitFor()
      expect(await notSent(ada.page, text).count()).toBe(0)
    } finally {
      for (const release of held) release()
      await ada.page.unroute('**/api/message/add')
    }
    await messageInLog(ben.page, text).waitFor()
  })
})

describe('a failed send at the bottom of the log', () => {
  it('scrolls its "Not sent. Retry" line into view', async () => {
    const { ada, ben, server } = pair
    traceOnFailure({ ada: ada.page, ben: ben.page })
    // Enough history that the log scrolls; Ada reads at the bottom.
    const tag = `#${++attempt}`
    const text = `This one will not go ${tag}`
    const filler = [...Array(30)].map((_, i) => `Filler ${i + 1} ${tag}`)
    await postMessagesAs(ben.page, server.url, HOME_ROOM_ID, filler)
    await messageInLog(ada.page, `Filler 30 ${tag}`).waitFor()
    await expect.poll(async () => (await scrollState(ada.page)).fromBottom).toBeLessThan(2)

    // Every send fails until Retry is clicked, the outbox's own tries meanwhile too.
    const clicked = await clickedYet(ada.page, 'Retry')
    await ada.page.route('**/api/message/add', async (route) =>
      (await clicked()) ? route.fallback() : route.abort('connectionreset'),
    )
    const line = notSent(ada.page, text)
    try {
      await sendMessage(ada.page, text)
      await line.waitFor()
      const inView = () =>
        line.evaluate((el) => {
          const box = el.closest('.message-scroll')!.getBoundingClientRect()
          const r = el.getBoundingClientRect()
          return r.top >= box.top && r.bottom <= box.bottom + 1
        })
      await expect.poll(inView).toBe(true)
      await line.getByRole('button', { name: 'Retry' }).click()
      await messageInLog(ben.page, text).waitFor()
    } finally {
      await ada.page.unroute('**/api/message/add')
    }
  })
})

describe('a send the network drops while the browser is online', () => {
  it('goes again by itself: no Retry, no online event', async () => {
    const { ada, ben } = pair
    traceOnFailure({ ada: ada.page, ben: ben.page })
    const text = `Dropped once #${++attempt}`
    let sends = 0
    await ada.page.route('**/api/message/add', (route) =>
      ++sends === 1 ? route.abort('connectionreset') : route.fallback(),
    )
    try {
      await sendMessage(ada.page, text)
      await messageInLog(ben.page, text).waitFor()
    } finally {
      await ada.page.unroute('**/api/message/add')
    }
    expect(sends).toBe(2)
    await expect.poll(() => notSent(ada.page, text).count()).toBe(0)
    expect(await messageInLog(ada.page, text).count()).toBe(1)
  })
})
