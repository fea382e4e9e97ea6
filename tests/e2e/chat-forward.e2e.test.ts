import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { solidPng } from '../fixtures/png'
import { pickFromMenu, rowWith } from './helpers/chat-view'
import { contrastOf } from './helpers/contrast'
import {
  chatTitle,
  messageInLog,
  messageLog,
  sendMessage,
  storedInLog,
  useOnboardedPair,
} from './helpers/pair'
import { createRooms, sidebarRoom } from './helpers/rooms'

// Forward with Ada and Ben in two browser contexts: from a message's menu to any room, the chat
// following it there, marked "Forwarded" for both, live; a photo forwarded is the same file,
// still shown after the message it came from is deleted.
const pair = useOnboardedPair()
let attempt = 0

async function forward(page: Page, text: string, room: string) {
  await pickFromMenu(page, text, 'Forward')
  const to = page.getByRole('menu', { name: 'Forward to' })
  await to.getByRole('menuitem', { name: room }).click()
}

/** A room of this attempt's own; both partners start in Home. */
async function roomAndHome() {
  // Named to come before Home by name: the list puts Home first, as the sidebar does.
  const name = `Attic ${++attempt}`
  await createRooms(pair.ada.page, name)
  for (const { page } of [pair.ada, pair.ben]) {
    await sidebarRoom(page, 'Home').click()
    await chatTitle(page, 'Home')
  }
  return name
}

describe('forward', () => {
  it("Ada forwards Ben's message to another room: the chat follows it, marked for both", async () => {
    const { ada, ben } = pair
    const room = await roomAndHome()
    const text = `Gate code 22${attempt}1`
    await sendMessage(ben.page, text)
    await storedInLog(ada.page, text).waitFor()

    await pickFromMenu(ada.page, text, 'Forward')
    // Every room it can go to, this one said to be, the keyboard's focus on the first.
    const to = ada.page.getByRole('menu', { name: 'Forward to' })
    const items = await to.getByRole('menuitem').allTextContents()
    // Home first as the sidebar has it (this one is named before it), this room last: Enter
    // twice must not send a copy where it already is.
    expect(items).toContain(room)
    expect(items.at(-1)).toBe('Home (this room)')
    expect(
      await to
        .getByRole('menuitem')
        .first()
        .evaluate((el) => el === document.activeElement),
    ).toBe(true)
    await to.getByRole('menuitem', { name: room }).click()

    await chatTitle(ada.page, room)
    await storedInLog(ada.page, text).waitFor()
    // The menu's item had the keyboard's focus: the room's composer takes it, as from the sidebar.
    await expect
      .poll(() => ada.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Message')
    const mine = rowWith(ada.page, text)
    const label = mine.locator('.msg-forwarded')
    expect(await label.innerText()).toBe('Forwarded')
    expect(await mine.getAttribute('class')).toContain('mine')
    // Readable on one's own bubble (WCAG AA for its small text): white at 75 % was 4.26:1.
    const [ink, paper] = await label
      .evaluate((el) => [el, el.closest('.bubble')!].map((e) => getComputedStyle(e)))
      .then((styles) => [styles[0]!.color, styles[1]!.backgroundColor])
    expect(contrastOf(ink!, paper!)).toBeGreaterThanOrEqual(4.5)
    // The message it came from is left as it was, in Home.
    await sidebarRoom(ada.page, 'Home').click()
    await chatTitle(ada.page, 'Home')
    expect(await rowWith(ada.page, text).locator('.msg-forwarded').count()).toBe(0)

    await sidebarRoom(ben.page, room).click()
    await chatTitle(ben.page, room)
    const theirs = rowWith(ben.page, text)
    await theirs.locator('.msg-forwarded').waitFor()
    expect(await theirs.getAttribute('class')).toContain('theirs')
    // A forward to the room it is in stays here, at the end of it, live for the partner.
    // From the room: Home first (the room is named before it), this room last.
    await pickFromMenu(ben.page, text, 'Forward')
    const list = ben.page.getByRole('menu', { name: 'Forward to' })
    const fromRoom = await list.getByRole('menuitem').allTextContents()
    expect([fromRoom[0], fromRoom.at(-1)]).toEqual(['Home', `${room} (this room)`])
    await list.getByRole('menuitem', { name: `${room} (this room)` }).click()
    await sidebarRoom(ada.page, room).click()
    await chatTitle(ada.page, room)
    await expect
      .poll(() => messageLog(ada.page).locator('.msg-forwarded').count(), { timeout: 10_000 })
      .toBe(2)
    await chatTitle(ben.page, room)
    expect(await messageLog(ben.page).locator('.msg-forwarded').count()).toBe(2)
  })

  it('a forwarded photo is the same file, still shown after its first message is deleted', async () => {
    const { ada, ben } = pair
    const room = await roomAndHome()
    const caption = `Sunset #${attempt}`
    const png = { name: 'sun.png', mimeType: 'image/png', buffer: solidPng(40, 30, [250, 120, 0]) }
    const chooser = ben.page.waitForEvent('filechooser')
    await ben.page.getByRole('button', { name: 'Attach a file' }).click()
    await (await chooser).setFiles(png)
    const box = ben.page.getByRole('textbox', { name: 'Message' })
    await box.pressSequentially(caption)
    await box.press('Enter')
    await storedInLog(ada.page, caption).waitFor({ timeout: 15_000 })

    await forward(ada.page, caption, room)
    await chatTitle(ada.page, room)
    await storedInLog(ada.page, caption).waitFor()

    // Ben deletes his: gone in Home, the forward keeps its picture.
    await pickFromMenu(ben.page, caption, 'Delete')
    await ben.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await messageInLog(ben.page, caption).waitFor({ state: 'detached' })
    await ada.page.reload()
    await chatTitle(ada.page, room)
    const image = rowWith(ada.page, caption).getByRole('img', { name: 'sun.png' })
    await image.waitFor()
    await expect
      .poll(() => image.evaluate((el: HTMLImageElement) => el.naturalWidth), { timeout: 10_000 })
      .toBe(40)
    // From the server, not the browser's cache of the picture it showed in Home.
    const served = await image.evaluate(async (el: HTMLImageElement) => {
      const res = await fetch(el.currentSrc, { cache: 'no-store', credentials: 'include' })
      return res.status
    })
    expect(served).toBe(200)
    expect(await rowWith(ada.page, caption).locator('.msg-forwarded').innerText()).toBe('Forwarded')
  })

  it('queued offline, a forward whose message is deleted meanwhile is taken back, and says so', async () => {
    const { ada, ben } = pair
    const room = await roomAndHome()
    const [kept, doomed] = [`Kept #${attempt}`, `Taken back #${attempt}`]
    await sendMessage(ben.page, kept)
    await sendMessage(ben.page, doomed)
    await storedInLog(ada.page, doomed).waitFor()
    // Opened once, so it is on this device, and back to Home.
    await sidebarRoom(ada.page, room).click()
    await chatTitle(ada.page, room)
    await sidebarRoom(ada.page, 'Home').click()
    await chatTitle(ada.page, 'Home')
    await storedInLog(ada.page, doomed).waitFor()
    await ada.page.context().setOffline(true)
    try {
      await forward(ada.page, doomed, room)
      await chatTitle(ada.page, room)
      await rowWith(ada.page, doomed).getByText('Waiting for the connection').waitFor()
      await pickFromMenu(ben.page, doomed, 'Delete')
      await ben.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await messageInLog(ben.page, doomed).waitFor({ state: 'detached' })
    } finally {
      await ada.page.context().setOffline(false)
    }
    const toast = ada.page.locator('.Toastify__toast', { hasText: 'Not forwarded' })
    await toast.waitFor({ timeout: 15_000 })
    expect(await toast.innerText()).toContain('the message was deleted')
    await messageInLog(ada.page, doomed).waitFor({ state: 'detached' })
    expect(await messageLog(ada.page).getByText('Not sent').count()).toBe(0)

    // Offline again, to a room this device never opened: the chat stays and says where it goes.
    const unseen = `Cellar ${attempt}`
    await createRooms(ben.page, unseen)
    await sidebarRoom(ada.page, unseen).waitFor()
    await sidebarRoom(ada.page, 'Home').click()
    await chatTitle(ada.page, 'Home')
    await ada.page.context().setOffline(true)
    try {
      await forward(ada.page, kept, unseen)
      await ada.page
        .locator('.Toastify__toast', {
          hasText: `It goes to “${unseen}” when the connection is back.`,
        })
        .waitFor()
      await chatTitle(ada.page, 'Home')
    } finally {
      await ada.page.context().setOffline(false)
    }
    await sidebarRoom(ada.page, unseen).click()
    await chatTitle(ada.page, unseen)
    await storedInLog(ada.page, kept).waitFor({ timeout: 15_000 })
    expect(await messageLog(ada.page).locator('.msg-forwarded').count()).toBe(1)
  })
})
