import type { Locator } from 'playwright-core'

/** Whether the element has the keyboard focus. */
export const isFocused = (locator: Locator) =>
  locator.evaluate((el) => el === document.activeElement)
