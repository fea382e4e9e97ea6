import type { Locator, Page } from 'playwright-core'

/** Whether the element has the keyboard focus. */
export const isFocused = (locator: Locator) =>
  locator.evaluate((el) => el === document.activeElement)

/** What the focused control is called: its aria-label, else its text. */
export const focusedName = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
  )
