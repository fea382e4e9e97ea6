import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { HOME_ROOM_ID } from '../../shared/constants'
import { DATABASE_ID, TABLES } from '../../shared/db-schema'
import { BOOKMARK_TEXTS } from '../../shared/schemas/bookmark'
import { withServerKey } from './helpers/app'
import { isRetry } from './helpers/attempts'
import type { TestPage } from './helpers/browser'
import { holdAnswers, postMessagesAs } from './helpers/chat-view'
import { apiAs, v1InPage } from './helpers/page-api'
import { messageInLog, messageLog, useOnboardedPair } from './helpers/pair'

// Ada's bookmarks: a message saved from the chat (older than the loaded page), a link with a
// note, live in her second tab, searchable, "Open in chat" loading older pages, a deleted
// message named as such, removal, a message edited since it was saved, one Ben deleted for
// everyone; Ben sees none of them.
// Each test continues from the one before; a retry first goes back to what the tests before it
// left (startFrom).
const pair = useOnboardedPair()
let shelf: TestPage['page']
const KITE = 'Remember the kite in the storm'
const LINK = 'Kite docs'
// The message saved and then deleted, one per attempt: the first attempt's is gone for good.
let attempt = 0
let doomed = ''
const bookmarksUrl = () => new URL('/bookmarks', pair.server.url).toString()

beforeAll(async () => {
  const texts = [...Array(130)].map((_, i) => (i + 1 === 3 ? KITE : `Note ${i + 1}`))
  await postMessagesAs(pair.ben.page, pair.server.url, HOME_ROOM_ID, texts)
  await pair.ada.page.reload()
  await messageInLog(pair.ada.page, 'Note 130').waitFor()
  // Ada's second tab, same browser profile (same session), on /bookmarks.
  shelf = await pair.ada.page.context().newPage()
  await shelf.goto(bookmarksUrl())
  await shelf.getByRole('heading', { level: 1, name: 'Bookmarks' }).waitFor()
}, 180_000)

const items = (page: Page) => page.getByRole('list', { name: 'Bookmarks' }).getByRole('listitem')
const itemTitles = (page: Page) => items(page).locator('.bookmark-title').allInnerTexts()
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search messages' })

// A message by its whole text as read: formatted words are elements of their own.
const rowOf = (page: Page, text: string) =>
  messageLog(page)
    .locator('.msg')
    .filter({ has: page.locator('.msg-text').filter({ hasText: wholly(text) }) })
const wholly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

/** "Bookmark" from the message's menu (its "⋯", shown on hover). */
async function bookmarkRow(page: Page, text: string) {
  const row = rowOf(page, text)
  await row.hover()
  await row.getByRole('button', { name: 'Message actions' }).click()
  await page.getByRole('menuitem', { name: 'Bookmark', exact: true }).click()
  await page.locator('.Toastify__toast', { hasText: BOOKMARK_TEXTS.saved }).last().waitFor()
}

/** Opens the message's menu from the keyboard and picks `name` with the arrow keys. */
async function chooseByKeyboard(page: Page, text: string, name: string) {
  await rowOf(page, text).getByRole('button', { name: 'Message actions' }).focus()
  await page.keyboard.press('Enter')
  const choice = page.getByRole('menuitem', { name, exact: true })
  await choice.waitFor()
  const onIt = () => choice.evaluate((el) => el === document.activeElement)
  for (let i = 0; i < 8 && !(await onIt()); i++) await page.keyboard.press('ArrowDown')
  expect(await onIt()).toBe(true)
  await page.keyboard.press('Enter')
}

/**
 * For a retry: Ada's bookmarks back to those the tests before left (named by title, or by the
 * saved message's text; her own call lists them, the operator's removes the rest), and the shelf
 * loaded afresh on /bookmarks. Returns the names it found.
 */
async function startFrom(names: string[]): Promise<string[]> {
  const path = `/tablesdb/${DATABASE_ID}/tables/${TABLES.bookmarks.id}/rows`
  const { rows } = await v1InPage(pair.ada.page, 'GET', path)
  const kept = new Set<string>()
  for (const row of rows as { $id: string; title: string; excerpt: string }[]) {
    const name = row.title || row.excerpt
    if (names.includes(name) && !kept.has(name)) {
      kept.add(name)
      continue
    }
    const removed = await withServerKey(pair.server.url, 'DELETE', `${path}/${row.$id}`)
    expect(removed.status).toBe(204)
  }
  await shelf.goto(bookmarksUrl())
  await shelf.getByRole('heading', { level: 1, name: 'Bookmarks' }).waitFor()
  return [...kept]
}

/** Ben writes `text` in Home; Ada saves it from her chat; then an operator deletes the message. */
async function bookmarkThenDelete(text: string) {
  await postMessagesAs(pair.ben.page, pair.server.url, HOME_ROOM_ID, [text])
  await messageInLog(pair.ada.page, text).waitFor()
  await bookmarkRow(pair.ada.page, text)
  await expect.poll(() => itemTitles(shelf)).toEqual([text, LINK, KITE])
  const query = encodeURIComponent(
    JSON.stringify({ method: 'equal', attribute: 'message', values: [text] }),
  )
  const found = await withServerKey(
    pair.server.url,
    'GET',
    `/tablesdb/kathelia/tables/messages/rows?queries[]=${query}`,
  )
  const { rows } = (await found.json()) as { rows: { $id: string }[] }
  expect(rows).toHaveLength(1)
  const gone = await withServerKey(
    pair.server.url,
    'DELETE',
    `/tablesdb/kathelia/tables/messages/rows/${rows[0]!.$id}`,
  )
  expect(gone.status).toBe(204)
}

/**
 * "Open in chat" on the kite's bookmark: the room opens with the message marked and focused, the
 * mark gone once the focus moves on; `check` looks at the room before that, and the shelf then
 * goes back to the bookmarks.
 */
async function openKiteInChat(check?: () => Promise<void>) {
  await items(shelf).filter({ hasText: KITE }).getByRole('button', { name: 'Open in chat' }).click()
  await shelf.waitForURL((url) => url.pathname === '/')
  const row = messageLog(shelf)
    .locator('.msg.jump-target')
    .filter({ has: shelf.locator('.msg-text').getByText(KITE, { exact: true }) })
  await row.waitFor({ timeout: 30_000 })
  expect(await row.evaluate((el) => el === document.activeElement)).toBe(true)
  await check?.()
  // The mark lasts while the message holds the focus the jump gave it.
  await shelf.getByRole('textbox', { name: 'Message' }).focus()
  await expect.poll(() => row.count()).toBe(0)
  await shelf.goBack()
  await shelf.getByRole('heading', { level: 1, name: 'Bookmarks' }).waitFor()
}

describe('bookmarks', () => {
  it('saves an older message from the chat; the other tab lists it live', async (ctx) => {
    const { page } = pair.ada
    if (isRetry(ctx)) {
      await startFrom([])
      // Ada's chat as the first attempt found it: no search, no toasts, the newest page.
      await page.reload()
      await messageInLog(page, 'Note 130').waitFor()
    }
    await shelf.getByText('No bookmarks yet.').waitFor()
    await searchBox(page).fill('kite')
    await messageInLog(page, KITE).waitFor()
    await bookmarkRow(page, KITE)
    await expect.poll(() => itemTitles(shelf)).toEqual([KITE])
    // From the keyboard this time: the menu now offers to remove it, then to save it again.
    await chooseByKeyboard(page, KITE, 'Remove bookmark')
    await page.locator('.Toastify__toast', { hasText: BOOKMARK_TEXTS.removed }).waitFor()
    await shelf.getByText('No bookmarks yet.').waitFor()
    await chooseByKeyboard(page, KITE, 'Bookmark')
    await page.locator('.Toastify__toast', { hasText: BOOKMARK_TEXTS.saved }).last().waitFor()
    await expect.poll(() => itemTitles(shelf)).toEqual([KITE])
    // Removed in the other tab: the chat's menu learns it from the event and offers to save.
    await items(shelf).getByRole('button', { name: 'Remove' }).click()
    await shelf.getByText('No bookmarks yet.').waitFor()
    await expect
      .poll(async () => {
        await page.keyboard.press('Escape')
        await rowOf(page, KITE).getByRole('button', { name: 'Message actions' }).click()
        return page.getByRole('menu', { name: 'Message actions' }).innerText()
      })
      .toContain('Bookmark')
    expect(await page.getByRole('menuitem', { name: 'Remove bookmark' }).count()).toBe(0)
    await page.keyboard.press('Escape')
    await bookmarkRow(page, KITE)
    await expect.poll(() => itemTitles(shelf)).toEqual([KITE])
    const meta = await items(shelf).first().locator('.bookmark-meta').innerText()
    expect(meta).toMatch(/^Home · Ben Franklin · .+/)
    // After a reload, the room reads its saved messages once it has settled, with no pointer
    // or key near a menu, so a right click's menu offers "Remove bookmark" from the start.
    const asked = page.waitForResponse(
      (r) => r.url().includes(`/tables/${TABLES.bookmarks.id}/rows`) && r.status() === 200,
    )
    await page.reload()
    await messageInLog(page, 'Note 130').waitFor()
    await asked
    await searchBox(page).fill('kite')
    await rowOf(page, KITE).locator('.msg-text').click({ button: 'right' })
    const menu = page.getByRole('menu', { name: 'Message actions' })
    expect(await menu.innerText()).toContain('Remove bookmark')
    // Each item on one line, the longest too.
    const heights = await menu
      .getByRole('menuitem')
      .evaluateAll((items) => items.map((el) => el.getBoundingClientRect().height))
    expect(new Set(heights).size).toBe(1)
    await page.keyboard.press('Escape')
    // Text selected in it: the browser's own menu (whose Copy takes the selection), not ours.
    const text = rowOf(page, KITE).locator('.msg-text')
    await text.evaluate((el) => getSelection()!.selectAllChildren(el))
    const prevented = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          addEventListener('contextmenu', (e) => resolve(e.defaultPrevented), { once: true }),
        ),
    )
    await text.click({ button: 'right' })
    expect(await prevented).toBe(false)
    expect(await menu.count()).toBe(0)
    await page.evaluate(() => getSelection()!.removeAllRanges())
    await searchBox(page).fill('')
  })

  it('saves a link with a title and a note after refusing a bad address; newest first', async (ctx) => {
    if (isRetry(ctx)) await startFrom([KITE])
    const form = shelf.getByRole('region', { name: 'Save a link' })
    await form.getByLabel('Address').fill('javascript:alert(1)')
    await form.getByLabel('Title').fill(LINK)
    await form.getByRole('button', { name: 'Save link' }).click()
    await form.getByRole('alert').filter({ hasText: BOOKMARK_TEXTS.urlInvalid }).waitFor()
    // The refused field is marked and has the cursor, until it is changed.
    const address = form.getByLabel('Address')
    expect(await address.getAttribute('aria-invalid')).toBe('true')
    expect(await address.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await form.getByLabel('Title').getAttribute('aria-invalid')).toBeNull()
    // Typed as people type an address: https:// is understood.
    await address.fill('example.com/kites')
    expect(await address.getAttribute('aria-invalid')).toBeNull()
    await form.getByLabel('Note (optional)').fill('Franklin’s experiment,\nJune 1752')
    await form.getByRole('button', { name: 'Save link' }).click()
    await expect.poll(() => itemTitles(shelf)).toEqual([LINK, KITE])
    // The note's lines as written (they ran into one).
    const note = items(shelf).first().locator('.bookmark-note')
    expect(await note.innerText()).toBe('Franklin’s experiment,\nJune 1752')
    const link = items(shelf).first().getByRole('link', { name: 'https://example.com/kites' })
    expect(await link.getAttribute('rel')).toContain('noopener')
    expect(await link.getAttribute('href')).toBe('https://example.com/kites')
    expect(await form.getByLabel('Address').inputValue()).toBe('')
    // What is saved comes first, the form after it: a phone finds them above the fold. A saved
    // message's words read as the message did (KITE's), a link's title as a headline.
    const top = (name: string) =>
      shelf.getByRole('region', { name }).evaluate((el) => el.getBoundingClientRect().top)
    expect(await top('Saved')).toBeLessThan(await top('Save a link'))
    const weight = (n: number) =>
      items(shelf)
        .nth(n)
        .locator('.bookmark-title')
        .evaluate((el) => getComputedStyle(el).fontWeight)
    expect([await weight(0), await weight(1)]).toEqual(['600', '400'])
  })

  it('searches titles, notes and excerpts', async (ctx) => {
    if (isRetry(ctx)) await startFrom([LINK, KITE])
    const search = shelf.getByRole('searchbox', { name: 'Search bookmarks' })
    await search.fill('storm')
    await expect.poll(() => itemTitles(shelf)).toEqual([KITE])
    await search.fill('EXPERIMENT')
    await expect.poll(() => itemTitles(shelf)).toEqual([LINK])
    await search.fill('nothing like this')
    await shelf.getByText('No bookmark matches “nothing like this”.').waitFor()
    await search.fill('')
    await expect.poll(() => itemTitles(shelf)).toHaveLength(2)
  })

  it('"Open in chat" loads older pages until the message shows, and marks it', async (ctx) => {
    if (isRetry(ctx)) await startFrom([LINK, KITE])
    await openKiteInChat()
  })

  it('"Open in chat" while a search filters the room leaves the search and shows the message', async (ctx) => {
    if (isRetry(ctx)) {
      // The room next in the shelf's history, as the test before left it.
      await startFrom([LINK, KITE])
      await openKiteInChat()
    }
    // Back in the room (in-app history, so the search stays), a search that hides the kite.
    await shelf.goForward()
    await searchBox(shelf).fill('no message says this')
    await shelf.getByText('No messages match “no message says this” in this room').waitFor()
    await shelf.goBack()
    await openKiteInChat(async () => expect(await searchBox(shelf).inputValue()).toBe(''))
  })

  it('says so when the saved message was deleted', async (ctx) => {
    if (isRetry(ctx)) await startFrom([LINK, KITE])
    doomed = `Soon gone #${++attempt}`
    await bookmarkThenDelete(doomed)
    await shelf.reload()
    const deleted = items(shelf).filter({ hasText: doomed })
    await deleted.getByText(BOOKMARK_TEXTS.deletedMessage).waitFor()
    expect(await deleted.getByRole('button', { name: 'Open in chat' }).count()).toBe(0)
  })

  it('removes a bookmark; the partner never sees Ada’s', async (ctx) => {
    // A retry whose first attempt removed the deleted message's bookmark makes another.
    if (isRetry(ctx) && !(await startFrom([doomed, LINK, KITE])).includes(doomed)) {
      doomed = `Soon gone #${++attempt}`
      await bookmarkThenDelete(doomed)
    }
    await items(shelf).filter({ hasText: doomed }).getByRole('button', { name: 'Remove' }).click()
    await expect.poll(() => itemTitles(shelf)).toEqual([LINK, KITE])
    const { page } = pair.ben
    await page.goto(bookmarksUrl())
    await page.getByText('No bookmarks yet.').waitFor()
  })

  it('keeps a saved message as read; Ben’s edit rewords it live, the old words kept nowhere', async (ctx) => {
    if (isRetry(ctx)) await startFrom([LINK, KITE])
    const n = ++attempt
    // Typed with formatting markers; the chat, and so the bookmark, show the words without them.
    const [before, after] = [`at the *old* mill`, `at the _lighthouse_ instead`]
    const [beforeRead, afterRead] = [
      `Picnic #${n} at the old mill`,
      `Picnic #${n} at the lighthouse instead`,
    ]
    const ben = apiAs(pair.ben.page, pair.server.url)
    const sent = await ben<{ $id: string }>('/message/add', {
      roomId: HOME_ROOM_ID,
      message: `Picnic #${n} ${before}`,
    })
    await rowOf(pair.ada.page, beforeRead).waitFor()
    await bookmarkRow(pair.ada.page, beforeRead)
    await expect.poll(() => itemTitles(shelf)).toEqual([beforeRead, LINK, KITE])
    await ben('/message/edit', { messageId: sent.$id, message: `Picnic #${n} ${after}` })
    // Answered once Ada's bookmark holds the new words: the server's own read of her rows.
    const path = `/tablesdb/${DATABASE_ID}/tables/${TABLES.bookmarks.id}/rows`
    const stored = await withServerKey(pair.server.url, 'GET', path)
    const excerpts = ((await stored.json()) as { rows: { excerpt: string }[] }).rows.map(
      (r) => r.excerpt,
    )
    expect(excerpts).toContain(afterRead)
    expect(excerpts).not.toContain(beforeRead)
    // The open page follows live, and says the message was edited.
    const saved = items(shelf).filter({ hasText: afterRead })
    await saved.getByText('(edited)').waitFor()
    expect(await itemTitles(shelf)).toEqual([afterRead, LINK, KITE])
    const search = shelf.getByRole('searchbox', { name: 'Search bookmarks' })
    await search.fill('the lighthouse instead')
    await expect.poll(() => itemTitles(shelf)).toEqual([afterRead])
    await search.fill('')
    await saved.getByRole('button', { name: 'Remove' }).click()
    await expect.poll(() => itemTitles(shelf)).toEqual([LINK, KITE])
  })

  it('Ben’s delete for everyone leaves Ada’s bookmark no words, live', async (ctx) => {
    if (isRetry(ctx)) await startFrom([LINK, KITE])
    const secret = `The spare key is under pot #${++attempt}`
    const ben = apiAs(pair.ben.page, pair.server.url)
    const sent = await ben<{ $id: string }>('/message/add', {
      roomId: HOME_ROOM_ID,
      message: secret,
    })
    await rowOf(pair.ada.page, secret).waitFor()
    await bookmarkRow(pair.ada.page, secret)
    await expect.poll(() => itemTitles(shelf)).toEqual([secret, LINK, KITE])
    // The shelf's read of the saved messages is held: the bookmark's own event says "deleted"
    // (an excerpt emptied is a delete); it said "(attachment)" until that read answered.
    const messagesRead = `/tables/${TABLES.messages.id}/rows`
    const held = await holdAnswers(shelf, (u) => u.pathname.endsWith(messagesRead))
    await ben('/message/delete', { messageId: sent.$id })
    // Answered once no bookmark holds the words: the server's own read of the message's.
    const query = encodeURIComponent(
      JSON.stringify({ method: 'equal', attribute: 'messageId', values: [sent.$id] }),
    )
    const path = `/tablesdb/${DATABASE_ID}/tables/${TABLES.bookmarks.id}/rows?queries[]=${query}`
    const stored = await withServerKey(pair.server.url, 'GET', path)
    const { rows } = (await stored.json()) as { rows: { excerpt: string }[] }
    expect(rows.map((r) => r.excerpt)).toEqual([''])
    // The open page follows: the item says the message was deleted, once, with no way into it.
    try {
      await expect
        .poll(() => itemTitles(shelf), { timeout: 10_000 })
        .toEqual([BOOKMARK_TEXTS.deletedMessage, LINK, KITE])
    } finally {
      held.release()
      await shelf.unrouteAll({ behavior: 'wait' })
    }
    const gone = items(shelf).first()
    expect(await gone.getByText(BOOKMARK_TEXTS.deletedMessage).count()).toBe(1)
    expect(await gone.getByRole('button', { name: 'Open in chat' }).count()).toBe(0)
    const search = shelf.getByRole('searchbox', { name: 'Search bookmarks' })
    await search.fill('spare key')
    await shelf.getByText('No bookmark matches “spare key”.').waitFor()
    await search.fill('')
    await gone.getByRole('button', { name: 'Remove' }).click()
    await expect.poll(() => itemTitles(shelf)).toEqual([LINK, KITE])
  })

  it('offline, a bookmark waits and is saved once the connection is back; one taken back meanwhile never is', async (ctx) => {
    if (isRetry(ctx)) await startFrom([LINK, KITE])
    const [keep, drop] = [`Keep for later #${++attempt}`, `Changed my mind #${attempt}`]
    const ben = apiAs(pair.ben.page, pair.server.url)
    for (const message of [keep, drop]) await ben('/message/add', { roomId: HOME_ROOM_ID, message })
    const { page } = pair.ada
    await rowOf(page, drop).waitFor()
    const menuOf = async (text: string) => {
      await page.keyboard.press('Escape')
      await rowOf(page, text).hover()
      await rowOf(page, text).getByRole('button', { name: 'Message actions' }).click()
      return page.getByRole('menu', { name: 'Message actions' })
    }
    const later = page.locator('.Toastify__toast', { hasText: BOOKMARK_TEXTS.savedLater })
    await page.context().setOffline(true)
    try {
      for (const text of [keep, drop]) {
        await (await menuOf(text)).getByRole('menuitem', { name: 'Bookmark', exact: true }).click()
        await expect.poll(() => later.count()).toBeGreaterThan(0)
      }
      // The menu offers to take it back at once; taken back, it never goes.
      await (await menuOf(drop)).getByRole('menuitem', { name: 'Remove bookmark' }).click()
      await page.locator('.Toastify__toast', { hasText: BOOKMARK_TEXTS.removedLater }).waitFor()
      expect(await (await menuOf(keep)).innerText()).toContain('Remove bookmark')
      await page.keyboard.press('Escape')
    } finally {
      await page.context().setOffline(false)
    }
    await expect.poll(() => itemTitles(shelf), { timeout: 20_000 }).toEqual([keep, LINK, KITE])
    await items(shelf).first().getByRole('button', { name: 'Remove' }).click()
    await expect.poll(() => itemTitles(shelf)).toEqual([LINK, KITE])
  })

  it("credits a saved message of Ada's own to “You”; its link is a link there", async (ctx) => {
    if (isRetry(ctx)) await startFrom([LINK, KITE])
    const mine = `Mine to keep, from https://example.org/kites #${++attempt}`
    const ada = apiAs(pair.ada.page, pair.server.url)
    await ada('/message/add', { roomId: HOME_ROOM_ID, message: mine })
    await rowOf(pair.ada.page, mine).waitFor()
    await bookmarkRow(pair.ada.page, mine)
    await expect.poll(() => itemTitles(shelf)).toEqual([mine, LINK, KITE])
    expect(await items(shelf).first().locator('.bookmark-meta').innerText()).toMatch(
      /^Home · You · .+/,
    )
    // As in the room (it was text there).
    const link = items(shelf).first().locator('.bookmark-title').getByRole('link')
    expect(await link.getAttribute('href')).toBe('https://example.org/kites')
    expect(await link.getAttribute('target')).toBe('_blank')
    await items(shelf).first().getByRole('button', { name: 'Remove' }).click()
    await expect.poll(() => itemTitles(shelf)).toEqual([LINK, KITE])
  })

  it('saves a link with its address only, named by it as a browser names an untitled page', async (ctx) => {
    if (isRetry(ctx)) await startFrom([LINK, KITE])
    const form = shelf.getByRole('region', { name: 'Save a link' })
    await form.getByLabel('Address').fill(`www.example.org/kites/box-${++attempt}/`)
    await form.getByRole('button', { name: 'Save link' }).click()
    const named = `example.org/kites/box-${attempt}`
    await expect.poll(() => itemTitles(shelf)).toEqual([named, LINK, KITE])
    expect(await form.getByRole('alert').count()).toBe(0)
    await items(shelf).first().getByRole('button', { name: 'Remove' }).click()
    await expect.poll(() => itemTitles(shelf)).toEqual([LINK, KITE])
  })
})

describe('the Breaches page without a lookup', () => {
  it('tells the admin which variable enables it, the partner only that it is off; no form', async () => {
    const url = new URL('/breaches', pair.server.url).toString()
    const { page } = pair.ben
    await page.goto(url)
    await page
      .getByRole('status')
      .filter({ hasText: 'Breach checks are not available on this server.' })
      .waitFor()
    expect(await page.getByText('LEAKCHECK_URL').count()).toBe(0)
    expect(await page.getByRole('region', { name: 'Check an address' }).count()).toBe(0)
    await pair.ada.page.goto(url)
    await pair.ada.page.getByRole('status').filter({ hasText: 'LEAKCHECK_URL' }).waitFor()
  })
})
