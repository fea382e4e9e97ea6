import { THEME_CHOICES, type ThemeChoice } from '../../shared/constants'

export type Scheme = 'light' | 'dark'

/** A stored value back to a choice; anything unknown (or nothing) is System. */
export const parseTheme = (raw: unknown): ThemeChoice =>
  THEME_CHOICES.find((choice) => choice === raw) ?? 'system'

/** The scheme a choice shows, given whether the device prefers dark. */
export const resolveTheme = (choice: ThemeChoice, deviceDark: boolean): Scheme =>
  choice === 'system' ? (deviceDark ? 'dark' : 'light') : choice

/**
 * The data-theme attribute of <html>: none for System, so the stylesheet follows the device
 * (and a change of the device setting) by itself.
 */
export const themeAttribute = (choice: ThemeChoice): Scheme | null =>
  choice === 'system' ? null : choice
