import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { roomNameTaken } from '../../shared/schemas/room'
import { TEXTS } from '../../shared/texts'
import { isFocused } from './helpers/focus'
import { setAdmin } from './helpers/partner-details'
import { chatTitle, useOnboardedPair } from './helpers/pair'
import { createRooms, sidebarRoom } from './helpers/rooms'

// The admin view's room options: rename, delete (the partner loses the room at once; the admin
// view keeps it to read) and restore. Written with the SDK under the rooms table's permission
// for the admin team; the partner follows through realtime.
const pair = useOnboardedPair()
let attempt = 0

const optionsButton = (page: Page) => page.getByRole('button', { name: 'Room options' })
async function option(page: Page, name: string) {
  await optionsButton(page).click()
  await page.getByRole('menuitem', { name }).click()
}

describe("the admin's room options", () => {
  it('renames, deletes and restores a room; the partner follows live', async () => {
    const { ada, ben } = pair
    const n = ++attempt
    const [first, second] = [`Orchard ${n}`, `Orchard East ${n}`]
    await createRooms(ada.page, first)
    await sidebarRoom(ben.page, first).click()
    await chatTitle(ben.page, first)
    // Only the admin view has them.
    expect(await optionsButton(ben.page).count()).toBe(0)
    await sidebarRoom(ada.page, first).click()
    await chatTitle(ada.page, first)
    expect(await optionsButton(ada.page).count()).toBe(0)
    await setAdmin(ada.page, true)

    // A name Home has is refused, in the words a create gets; the field says so.
    await option(ada.page, 'Rename room')
    const form = ada.page.getByRole('form', { name: 'Rename room' })
    await form.getByLabel('Room name').fill('home')
    await form.getByRole('button', { name: 'Save' }).click()
    await form
      .getByRole('alert')
      .filter({ hasText: roomNameTaken('home') })
      .waitFor()
    expect(await form.getByLabel('Room name').getAttribute('aria-invalid')).toBe('true')
    await form.getByLabel('Room name').fill(second)
    await form.getByRole('button', { name: 'Save' }).click()
    await chatTitle(ada.page, second)
    // Ben, in the room, sees its new name in his header and sidebar.
    await chatTitle(ben.page, second)
    await sidebarRoom(ben.page, second).waitFor()

    // Deleted: gone for Ben (his open room says so), kept for Ada's admin view, read-only.
    await option(ada.page, 'Delete room')
    const confirm = ada.page.getByRole('alertdialog', { name: 'Delete room' })
    // The safe answer has the focus.
    await expect.poll(() => isFocused(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await ben.page.getByRole('heading', { name: 'Room not found' }).waitFor()
    // Nothing there to search: the search is off, as off a room.
    const search = ben.page.getByRole('searchbox', { name: 'Search messages' })
    await expect.poll(() => search.isDisabled()).toBe(true)
    const home = ben.page.getByRole('link', { name: 'Go to Home' })
    // The tab no longer names it either.
    await expect.poll(() => ben.page.title()).toMatch(/^(\(\d+\+?\) )?Kathelia$/)
    await sidebarRoom(ben.page, second).waitFor({ state: 'detached' })
    await ada.page.getByText(TEXTS.roomDeleted).waitFor()
    // Read, not answered: an empty one does not ask to say hello.
    await ada.page.getByText('No messages.', { exact: true }).waitFor()
    await sidebarRoom(ada.page, second).waitFor()
    // The way back to Home is at hand.
    await home.click()
    await chatTitle(ben.page, 'Home')

    // Restored: back for Ben.
    await option(ada.page, 'Restore room')
    await sidebarRoom(ben.page, second).waitFor()

    await ada.page.getByRole('textbox', { name: 'Message' }).waitFor()
    await setAdmin(ada.page, false)
  })

  it('on a phone the options and the rename form stay inside the screen; a name stops at 64', async () => {
    const { ada } = pair
    const name = `Lisbon & Porto trip, May 2027, with the whole family ${++attempt}`
    await createRooms(ada.page, name)
    await sidebarRoom(ada.page, name).click()
    await chatTitle(ada.page, name)
    await setAdmin(ada.page, true)
    const before = ada.page.viewportSize()!
    await ada.page.setViewportSize({ width: 390, height: 844 })
    try {
      const inside = async (selector: string) => {
        const box = (await ada.page.locator(selector).boundingBox())!
        return box.x >= 0 && box.x + box.width <= 390
      }
      await optionsButton(ada.page).click()
      await ada.page.getByRole('menuitem', { name: 'Rename room' }).waitFor()
      expect(await inside('.room-options-panel')).toBe(true)
      await ada.page.getByRole('menuitem', { name: 'Rename room' }).click()
      const form = ada.page.getByRole('form', { name: 'Rename room' })
      await expect.poll(() => isFocused(form.getByLabel('Room name'))).toBe(true)
      expect(await inside('.room-options-panel')).toBe(true)
      expect(await inside('.room-rename button[type="submit"]')).toBe(true)
      // A name takes at most 64 characters: the field stops there, as the create panel's does.
      await form.getByLabel('Room name').fill('x'.repeat(70))
      expect(await form.getByLabel('Room name').inputValue()).toHaveLength(64)
      // And says so, rather than leaving the cut unseen.
      await form
        .getByRole('status')
        .filter({ hasText: '64 / 64 characters, the most a room name can hold' })
        .waitFor()
      expect(await inside('.room-rename .field-count')).toBe(true)
      // Nothing scrolled sideways to show the field.
      const sideways = () =>
        ada.page.evaluate(() =>
          [
            document.scrollingElement!,
            ...document.querySelectorAll('main, .chat, .chat-head'),
          ].some((el) => el.scrollLeft !== 0),
        )
      expect(await sideways()).toBe(false)
      await form.getByRole('button', { name: 'Cancel' }).click()
    } finally {
      await ada.page.setViewportSize(before)
      await setAdmin(ada.page, false)
    }
    await ada.page.getByRole('button', { name: TEXTS.createRoomTitle }).click()
    const panel = ada.page.getByRole('dialog', { name: TEXTS.createRoomTitle })
    await panel.getByLabel('Room name').fill('x'.repeat(70))
    expect(await panel.getByLabel('Room name').inputValue()).toHaveLength(64)
    await panel
      .getByRole('status')
      .filter({ hasText: '64 / 64 characters, the most a room name can hold' })
      .waitFor()
    // Under 90 % of it, no count.
    await panel.getByLabel('Room name').fill('x'.repeat(50))
    expect(await panel.locator('.field-count').count()).toBe(0)
    await ada.page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
  })
})

describe('creating a room', () => {
  it('a name a listed room has (up to case and spacing) is refused at once, not by the server', async () => {
    const { page } = pair.ben
    const name = `Taken ${++attempt}`
    await createRooms(page, name)
    let asked = 0
    const count = (r: { url(): string }) => void (r.url().endsWith('/api/room/add') && asked++)
    page.on('request', count)
    try {
      const panel = page.getByRole('dialog', { name: TEXTS.createRoomTitle })
      await page.getByRole('button', { name: TEXTS.createRoomTitle }).click()
      const field = panel.getByLabel('Room name')
      await field.fill(`  ${name.toUpperCase()}  `)
      await panel.getByRole('button', { name: 'Create room' }).click()
      await panel.getByText(roomNameTaken(name.toUpperCase())).waitFor()
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      expect(asked).toBe(0)
      await panel.getByRole('button', { name: 'Close panel' }).click()
      await panel.waitFor({ state: 'detached' })
    } finally {
      page.off('request', count)
    }
  })
})
