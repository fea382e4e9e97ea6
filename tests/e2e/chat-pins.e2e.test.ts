import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { pickFromMenu, postMessagesAs, rowInView, rowWith } from './helpers/chat-view'
import { chatTitle, messageInLog, messageLog, sendMessage, useOnboardedPair } from './helpers/pair'
import { createRooms, sidebarRoom } from './helpers/rooms'

// Pinned messages with Ada and Ben in two browser contexts: pinned from the message menu by
// either partner, shown live in the room's bar for both, at most three (the oldest makes way),
// a click on the bar or on the notice of a pin showing the message (older pages loaded for it),
// unpinned from the bar or the menu, and gone with a delete for everyone.
const pair = useOnboardedPair()
let attempt = 0

const bar = (page: Page) => page.getByRole('region', { name: 'Pinned messages' })

/** A room of this attempt's own, open for both. */
async function ownRoom() {
  const name = `Pins ${++attempt}`
  await createRooms(pair.ada.page, name)
  for (const { page } of [pair.ada, pair.ben]) {
    await sidebarRoom(page, name).click()
    await chatTitle(page, name)
  }
  return name
}

describe('pinned messages', () => {
  it('pinned by either partner, shown live to both, three at most; a click shows each', async () => {
    const { ada, ben } = pair
    await ownRoom()
    const texts = ['Door code 4417', 'Flight BA 117 at 9:40', 'Wifi: garden-5G', 'Bring the keys']
    for (const text of texts) await sendMessage(ada.page, text)
    await messageInLog(ben.page, texts[3]!).waitFor()
    expect(await bar(ada.page).count()).toBe(0)

    await pickFromMenu(ada.page, texts[0]!, 'Pin')
    for (const { page } of [ada, ben]) {
      await bar(page).getByText(texts[0]!).waitFor({ timeout: 15_000 })
      expect(await bar(page).innerText()).toContain('Pinned message')
    }
    // The room says who pinned, as a notice.
    await messageLog(ben.page)
      .locator('.system-notice')
      .filter({ hasText: 'Ada Lovelace pinned a message' })
      .waitFor()
    // Pinned already: the menu offers to unpin it, for Ben too.
    await rowWith(ben.page, texts[0]!).hover()
    await rowWith(ben.page, texts[0]!).getByRole('button', { name: 'Message actions' }).click()
    await ben.page.getByRole('menuitem', { name: 'Unpin' }).waitFor()
    await ben.page.keyboard.press('Escape')

    await pickFromMenu(ben.page, texts[1]!, 'Pin')
    await pickFromMenu(ben.page, texts[2]!, 'Pin')
    await bar(ada.page).getByText('Pinned message 1 of 3').waitFor({ timeout: 15_000 })
    expect(await bar(ada.page).innerText()).toContain(texts[2])
    // A fourth asks first, as WhatsApp does: the oldest pin would make way.
    const ask = ada.page.getByRole('alertdialog', { name: 'Replace the oldest pin' })
    await pickFromMenu(ada.page, texts[3]!, 'Pin')
    expect(await ask.innerText()).toContain(`instead of “${texts[0]}”`)
    // Cancel has the focus: Enter right away changes nothing.
    await ada.page.keyboard.press('Enter')
    await ask.waitFor({ state: 'detached' })
    expect(await bar(ada.page).innerText()).toContain('1 of 3')
    await pickFromMenu(ada.page, texts[3]!, 'Pin')
    await ask.getByRole('button', { name: 'Replace' }).click()
    await bar(ben.page).getByText(texts[3]!).waitFor({ timeout: 15_000 })
    const shown: string[] = []
    for (let i = 0; i < 3; i++) {
      shown.push(await bar(ben.page).locator('.pinned-text').innerText())
      await bar(ben.page)
        .getByRole('button', { name: /^Pinned message/ })
        .click()
      await expect.poll(() => rowInView(rowWith(ben.page, shown[i]!))).toBe(true)
    }
    expect(shown).toEqual([texts[3], texts[2], texts[1]])
    // Round again to the newest.
    expect(await bar(ben.page).locator('.pinned-text').innerText()).toBe(texts[3])
  })

  it('unpinned from the bar or the menu, and by a delete for everyone, for both', async () => {
    const { ada, ben } = pair
    await ownRoom()
    const [keep, drop, gone] = ['Keep this one', 'Drop this one', 'Delete this one']
    for (const text of [keep, drop, gone]) {
      await sendMessage(ada.page, text)
      await pickFromMenu(ada.page, text, 'Pin')
      await bar(ben.page).getByText(text).waitFor({ timeout: 15_000 })
    }
    // The bar's Unpin takes off the pin it shows.
    await bar(ben.page)
      .getByRole('button', { name: `Unpin “${gone}”` })
      .click()
    await expect.poll(() => bar(ada.page).innerText(), { timeout: 15_000 }).toContain('1 of 2')
    expect(await bar(ada.page).innerText()).not.toContain(gone)
    await pickFromMenu(ada.page, drop, 'Unpin')
    await expect.poll(() => bar(ben.page).innerText(), { timeout: 15_000 }).toContain(keep)
    expect(await bar(ben.page).innerText()).not.toContain('of')
    // The last one unpinned from the bar takes the bar with it: the focus goes to the composer,
    // not to the page.
    await bar(ben.page)
      .getByRole('button', { name: `Unpin “${keep}”` })
      .click()
    await bar(ben.page).waitFor({ state: 'detached', timeout: 15_000 })
    const box = ben.page.getByRole('textbox', { name: 'Message' })
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true)
    await pickFromMenu(ada.page, keep, 'Delete')
    await ada.page
      .getByRole('alertdialog', { name: 'Delete message' })
      .getByRole('button', { name: 'Delete' })
      .click()
    for (const { page } of [ada, ben])
      await bar(page).waitFor({ state: 'detached', timeout: 15_000 })
  })

  it("a pin's notice shows the message on a click, far above as it may be", async () => {
    const { ada, ben, server } = pair
    await ownRoom()
    const target = 'Meet at the north gate'
    await sendMessage(ada.page, target)
    const roomId = decodeURIComponent(new URL(ada.page.url()).pathname.split('/').at(-1)!)
    const chat = Array.from({ length: 40 }, (_, i) => `Chat ${i + 1}`)
    await postMessagesAs(ben.page, server.url, roomId, chat)
    await messageInLog(ada.page, 'Chat 40').waitFor()
    await pickFromMenu(ada.page, target, 'Pin')
    // Ben reads the newest messages, the notice last among them; the message is far above.
    const notice = messageLog(ben.page).getByRole('button', {
      name: 'Ada Lovelace pinned a message',
    })
    await notice.waitFor({ timeout: 15_000 })
    await expect.poll(() => rowInView(notice)).toBe(true)
    expect(await rowInView(rowWith(ben.page, target))).toBe(false)
    // The log's keys stop at it (the newest row), as at a message.
    await messageLog(ben.page).focus()
    await expect
      .poll(async () => {
        await ben.page.keyboard.press('ArrowDown')
        return ben.page.evaluate(() => document.activeElement?.textContent)
      })
      .toBe('Ada Lovelace pinned a message')
    await notice.click()
    await expect.poll(() => rowInView(rowWith(ben.page, target)), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => rowWith(ben.page, target).getAttribute('data-highlighted')).toBe('true')
  })

  it('shows a pin far above the loaded pages, loading them for it', async () => {
    const { ada, ben, server } = pair
    await ownRoom()
    const old = 'The very first plan'
    await sendMessage(ada.page, old)
    await pickFromMenu(ada.page, old, 'Pin')
    const roomId = decodeURIComponent(new URL(ada.page.url()).pathname.split('/').at(-1)!)
    const later = Array.from({ length: 130 }, (_, i) => `Later ${i + 1}`)
    await postMessagesAs(ben.page, server.url, roomId, later)
    // A fresh load has the newest page only.
    await ada.page.reload()
    await messageInLog(ada.page, 'Later 130').waitFor()
    expect(await rowWith(ada.page, old).count()).toBe(0)
    await bar(ada.page)
      .getByRole('button', { name: /^Pinned message/ })
      .click()
    await expect.poll(() => rowInView(rowWith(ada.page, old)), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => rowWith(ada.page, old).getAttribute('data-highlighted')).toBe('true')
  })
})
