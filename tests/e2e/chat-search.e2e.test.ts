import type { Page } from 'playwright-core'
import { contrastOf } from './helpers/contrast'
import { beforeAll, describe, expect, it } from 'vitest'
import { HOME_ROOM_ID, MESSAGES_PER_BATCH } from '../../shared/constants'
import { postMessagesAs, rowInView } from './helpers/chat-view'
import { messageInLog, messageLog, sendMessage, useOnboardedPair } from './helpers/pair'
import { sidebarRoom } from './helpers/rooms'

// The top-bar search finds messages in the room's whole history, not only in the loaded pages,
// and says what it searched when the server cannot be asked.
const pair = useOnboardedPair()
// A retry's own term or text: the first attempt's answers are kept by the page, its texts by the room.
let attempt = 0
/** `term` as this attempt writes it: the page keeps each term's answer, a retry's is asked anew. */
const spelled = (term: string) =>
  [term, term[0]!.toUpperCase() + term.slice(1), term.toUpperCase()][attempt++ % 3]!

beforeAll(async () => {
  // First a document from Ben, sent as a user sends one; it is older than every page Ada loads.
  const ben = pair.ben.page
  const chooser = ben.waitForEvent('filechooser')
  await ben.getByRole('button', { name: 'Attach a file' }).click()
  const pdf = {
    name: 'Minutes of the May meeting of the garden club.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF'),
  }
  await (await chooser).setFiles(pdf)
  await ben.getByRole('group', { name: 'File to send' }).getByText('Minutes of the May').waitFor()
  await sendMessage(ben, 'Agenda attached')
  await docRow(ben).getByRole('link', { name: 'Download' }).waitFor()
  // 130 messages from Ben; Ada's Home loads the newest 100, so #3 and #5 are not loaded.
  const texts = [...Array(130)].map((_, i) =>
    i + 1 === 3
      ? 'Meet *at the* _old bridge_'
      : i + 1 === 5
        ? 'The needle is in the hay'
        : i + 1 === 120
          ? 'Another needle here'
          : `Note ${i + 1}`,
  )
  await postMessagesAs(pair.ben.page, pair.server.url, HOME_ROOM_ID, texts)
  await pair.ada.page.reload()
  await messageInLog(pair.ada.page, 'Note 130').waitFor()
}, 120_000)

const docRow = (page: Page) =>
  messageLog(page).locator('.msg').filter({ hasText: 'Agenda attached' })
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search messages' })
const note = (page: Page) => messageLog(page).locator('.search-note')
const shownTexts = (page: Page) => messageLog(page).locator('.msg-text').allInnerTexts()

describe('searching messages', () => {
  it('finds a match older than the loaded pages, whatever its case', async () => {
    const { ada } = pair
    // A retry finds its first attempt's results still shown.
    await searchBox(ada.page).fill('')
    await note(ada.page).waitFor({ state: 'detached' })
    expect(await messageInLog(ada.page, 'The needle is in the hay').count()).toBe(0)
    await searchBox(ada.page).fill('NEEDLE')
    await note(ada.page)
      .filter({ hasText: /^2 messages matching “NEEDLE” in this room$/ })
      .waitFor()
    expect(await shownTexts(ada.page)).toEqual(['The needle is in the hay', 'Another needle here'])
  })

  it('finds a message as it reads, across its formatting, and marks the match in each styled run', async () => {
    const { ada } = pair
    const target = messageInLog(ada.page, 'Meet at the old bridge')
    expect(await target.count()).toBe(0)
    await searchBox(ada.page).fill('AT THE OLD')
    await note(ada.page)
      .filter({ hasText: /^1 message matching “AT THE OLD” in this room$/ })
      .waitFor()
    // The markers are not in the text shown; the match runs through the bold, the space and the italic.
    expect(await target.locator('mark.search-hit').allTextContents()).toEqual([
      'at the',
      ' ',
      'old',
    ])
    expect(await target.locator('strong mark, em mark').count()).toBe(2)
    // As typed, markers and all, it is not what the message reads.
    await searchBox(ada.page).fill('*at the*')
    await note(ada.page)
      .filter({ hasText: /^No messages match “\*at the\*” in this room$/ })
      .waitFor()
    await searchBox(ada.page).fill('')
  })

  it('finds a document by its name, older than the loaded pages, and marks it in the name', async () => {
    const { ada } = pair
    const doc = docRow(ada.page)
    expect(await doc.count()).toBe(0)
    await searchBox(ada.page).fill('GARDEN CLUB.PDF')
    await note(ada.page)
      .filter({ hasText: /^1 message matching “GARDEN CLUB.PDF” in this room$/ })
      .waitFor()
    // The name's stem and its extension are shown apart; the match runs through both.
    const name = doc.locator('.file-chip .file-name')
    expect(await name.textContent()).toBe('Minutes of the May meeting of the garden club.pdf')
    const marks = name.locator('mark.search-hit')
    expect(await marks.allTextContents()).toEqual(['garden club', '.pdf'])
    // On a phone the name would be cut before its match: a result shows it whole.
    const size = ada.page.viewportSize()!
    await ada.page.setViewportSize({ width: 390, height: 800 })
    try {
      const stem = (await name.locator('.file-stem').boundingBox())!
      const mark = (await marks.first().boundingBox())!
      expect(mark.x + mark.width).toBeLessThanOrEqual(stem.x + stem.width + 0.5)
      expect(stem.x + stem.width).toBeLessThanOrEqual(390)
    } finally {
      await ada.page.setViewportSize(size)
    }
    await searchBox(ada.page).fill('')
  })

  it('pages through more than 100 matches, newest first, and says so', async () => {
    const { ada } = pair
    // The page keeps a term's answer, every match loaded after the first attempt: a retry's
    // term is written otherwise.
    const term = spelled('note')
    await searchBox(ada.page).fill(term)
    await note(ada.page)
      .filter({ hasText: new RegExp(`^The newest 100 messages matching “${term}”`) })
      .waitFor()
    expect((await shownTexts(ada.page)).length).toBe(MESSAGES_PER_BATCH)
    expect((await shownTexts(ada.page)).at(-1)).toBe('Note 130')
    // The results open at the bottom; what they are stays in view over them, against the box's
    // top edge (a strip above it showed results passing by).
    expect(await rowInView(note(ada.page))).toBe(true)
    const gap = await note(ada.page).evaluate(
      (el) =>
        el.getBoundingClientRect().top - el.closest('.message-scroll')!.getBoundingClientRect().top,
    )
    expect(Math.abs(gap)).toBeLessThan(1)
    await note(ada.page).getByRole('button', { name: 'Load older matches' }).click()
    await note(ada.page)
      .filter({ hasText: new RegExp(`^127 messages matching “${term}” in this room$`) })
      .waitFor()
    const all = await shownTexts(ada.page)
    expect(all[0]).toBe('Note 1')
    expect(all.at(-1)).toBe('Note 130')
  })

  it('adds a new match live, and leaving the search shows the whole room again', async () => {
    const { ada, ben } = pair
    await searchBox(ada.page).fill('needle')
    // 2, or more where a first attempt of this test added its own.
    const found = note(ada.page).filter({
      hasText: /^\d+ messages matching “needle” in this room$/,
    })
    const before = Number(/^\d+/.exec(await found.innerText())![0])
    await sendMessage(ben.page, 'A fresh needle')
    await note(ada.page)
      .filter({ hasText: new RegExp(`^${before + 1} messages matching “needle”`) })
      .waitFor()
    expect((await shownTexts(ada.page)).at(-1)).toBe('A fresh needle')
    await searchBox(ada.page).fill('')
    await note(ada.page).waitFor({ state: 'detached' })
    await messageInLog(ada.page, 'Note 129').waitFor()
  })

  it('without the server, it searches the loaded messages and says that is all it did', async () => {
    const { ada } = pair
    const isSearch = (url: URL) =>
      url.pathname.includes('/rows') && decodeURIComponent(url.search).includes('"contains"')
    // A retry may find the first attempt's search still in the box: a fresh one starts empty.
    await searchBox(ada.page).fill('')
    const hay = spelled('hay')
    await ada.page.route(isSearch, (route) => route.abort('internetdisconnected'))
    const failed = note(ada.page).filter({ hasText: /among the \d+ loaded messages only/ })
    try {
      await searchBox(ada.page).fill(hay)
      await failed.waitFor({ timeout: 15_000 })
      expect(await failed.innerText()).toMatch(/^The search could not reach the server: 0 messages/)
    } finally {
      await ada.page.unroute(isSearch)
    }
    await failed.getByRole('button', { name: 'Search again' }).click()
    await note(ada.page)
      .filter({ hasText: new RegExp(`^1 message matching “${hay}” in this room$`) })
      .waitFor()
    expect(await shownTexts(ada.page)).toEqual(['The needle is in the hay'])
    await searchBox(ada.page).fill('')
  })

  it('marks the matches, and "Show in chat" opens the whole room at a result', async () => {
    const { ada } = pair
    const target = messageInLog(ada.page, 'The needle is in the hay')
    await searchBox(ada.page).fill('NEEDLE')
    await note(ada.page)
      .filter({ hasText: /messages matching “NEEDLE” in this room$/ })
      .waitFor()
    // The text's own case, inside the text: nothing added to or taken from it.
    expect(await target.locator('mark.search-hit').allInnerTexts()).toEqual(['needle'])
    // It stands out of its bubble in the dark theme (3:1, as a mark that means something must;
    // on the light theme's white a highlighter's yellow differs by its hue).
    const standsOut = async () => {
      const [mark, bubble] = await target
        .locator('mark.search-hit')
        .evaluate((el) =>
          [el, el.closest('.bubble')!].map((e) => getComputedStyle(e).backgroundColor),
        )
      return contrastOf(mark!, bubble!)
    }
    await ada.page.emulateMedia({ colorScheme: 'dark' })
    expect(await standsOut()).toBeGreaterThan(3)
    await ada.page.emulateMedia({ colorScheme: 'light' })
    const row = messageLog(ada.page)
      .locator('.msg')
      .filter({ has: ada.page.locator('.msg-text', { hasText: 'The needle is in the hay' }) })
    // From the keyboard: the menu starts on "Show in chat".
    await row.getByRole('button', { name: 'Message actions' }).focus()
    await ada.page.keyboard.press('Enter')
    await ada.page.getByRole('menuitem', { name: 'Show in chat' }).waitFor()
    await ada.page.keyboard.press('Enter')

    expect(await searchBox(ada.page).inputValue()).toBe('')
    await note(ada.page).waitFor({ state: 'detached' })
    // #5 was never in the loaded pages: the room is read back to it, and shown around it.
    await expect.poll(() => row.getAttribute('data-highlighted')).toBe('true')
    expect(await row.evaluate((el) => el === document.activeElement)).toBe(true)
    // Marked at its bubble, as the keyboard's message is, not by the browser's ring around the
    // whole row (which stayed, a black box across the screen, once the highlight had gone).
    expect(await row.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none')
    for (const text of ['Note 4', 'The needle is in the hay', 'Note 6'])
      await expect.poll(() => inView(ada.page, text), { timeout: 5_000 }).toBe(true)
    expect(await target.locator('mark').count()).toBe(0)
    // Enter on the row the jump focused opens its menu, as on its "⋯"; outside a search the
    // menu has no such item.
    await ada.page.keyboard.press('Enter')
    await ada.page.getByRole('menuitem', { name: 'Reply' }).waitFor()
    expect(await ada.page.getByRole('menuitem', { name: 'Show in chat' }).count()).toBe(0)
    await ada.page.keyboard.press('Escape')
  })

  it('a click on a result opens the whole room at it; a drag or a double click that selects its text does not', async () => {
    const { ada } = pair
    const row = messageLog(ada.page)
      .locator('.msg')
      .filter({ has: ada.page.locator('.msg-text', { hasText: 'The needle is in the hay' }) })
    await searchBox(ada.page).fill('needle')
    await note(ada.page)
      .filter({ hasText: /matching “needle”/ })
      .waitFor()
    // Text selected in the result (a drag across it, which ends in a click) is no jump.
    const box = (await row.locator('.msg-text').boundingBox())!
    await ada.page.mouse.move(box.x + 2, box.y + box.height / 2)
    await ada.page.mouse.down()
    await ada.page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 })
    await ada.page.mouse.up()
    expect(await ada.page.evaluate(() => String(getSelection()))).toContain('needle')
    expect(await searchBox(ada.page).inputValue()).toBe('needle')
    await ada.page.evaluate(() => getSelection()?.removeAllRanges())
    // Nor is a double click, which selects a word.
    await row.locator('mark.search-hit').dblclick()
    await new Promise((r) => setTimeout(r, 600))
    expect(await searchBox(ada.page).inputValue()).toBe('needle')
    await ada.page.evaluate(() => getSelection()?.removeAllRanges())
    await row.locator('.msg-text').click()
    await expect.poll(() => searchBox(ada.page).inputValue()).toBe('')
    await note(ada.page).waitFor({ state: 'detached' })
    await expect.poll(() => row.getAttribute('data-highlighted')).toBe('true')
    for (const text of ['Note 4', 'The needle is in the hay', 'Note 6'])
      await expect.poll(() => inView(ada.page, text), { timeout: 5_000 }).toBe(true)
  })

  it('a message sent during a search leaves it, and shows at the bottom of the whole room', async () => {
    const { ada, ben } = pair
    await searchBox(ada.page).fill('needle')
    await note(ada.page)
      .filter({ hasText: /matching “needle”/ })
      .waitFor()
    const sent = `Sent while searching #${++attempt}`
    await sendMessage(ada.page, sent)
    expect(await searchBox(ada.page).inputValue()).toBe('')
    await note(ada.page).waitFor({ state: 'detached' })
    await expect.poll(() => inView(ada.page, sent)).toBe(true)
    await messageInLog(ben.page, sent).waitFor()
  })

  it('is the open room’s search: off a room it waits for one, and a room opens unfiltered', async () => {
    const { ada } = pair
    await searchBox(ada.page).fill('needle')
    await note(ada.page)
      .filter({ hasText: /matching “needle”/ })
      .waitFor()
    await sidebarRoom(ada.page, 'Bookmarks').click()
    await expect.poll(() => searchBox(ada.page).isDisabled()).toBe(true)
    expect(await searchBox(ada.page).inputValue()).toBe('')
    expect(await searchBox(ada.page).getAttribute('placeholder')).toBe('Open a room to search')
    await sidebarRoom(ada.page, 'Home').click()
    await messageInLog(ada.page, 'Note 130').waitFor()
    expect(await searchBox(ada.page).isEnabled()).toBe(true)
    expect(await note(ada.page).count()).toBe(0)
  })
})

/** Whether a message's text is inside the room's visible scroll area. */
const inView = (page: Page, text: string) =>
  messageInLog(page, text).evaluate((el) => {
    const box = el.getBoundingClientRect()
    const area = el.closest('.message-scroll')!.getBoundingClientRect()
    return box.top >= area.top && box.bottom <= area.bottom
  })
