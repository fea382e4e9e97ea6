import type { Locator, Page } from 'playwright-core'
import { TEXTS } from '../../../shared/texts'

// Rooms as a person meets them: in the sidebar, and through the "Create a new room" panel.

/** A room's (or Home's) link in the sidebar. */
export const sidebarRoom = (page: Page, name: string): Locator =>
  page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name })

/** Opens the panel with the sidebar's plus button, creates each room, closes the panel. */
export async function createRooms(page: Page, ...names: string[]): Promise<void> {
  const panel = page.getByRole('dialog', { name: TEXTS.createRoomTitle })
  await page.getByRole('button', { name: TEXTS.createRoomTitle }).click()
  for (const name of names) {
    await panel.getByLabel('Room name').fill(name)
    await panel.getByRole('button', { name: 'Create room' }).click()
    await panel
      .getByRole('status')
      .filter({ hasText: `The room “${name}” was created.` })
      .waitFor()
  }
  await panel.getByRole('button', { name: 'Close panel' }).click()
  await panel.waitFor({ state: 'detached' })
}
