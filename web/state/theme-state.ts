import { proxy, subscribe } from 'valtio'
import { THEME_STORAGE_KEY, type ThemeChoice } from '../../shared/constants'
import { parseTheme, themeAttribute } from '../lib/theme'

// The device's theme choice (Settings → Appearance). Kept apart from "global-state": it belongs
// to the device, not to who is signed in, and index.html reads it before the first paint.

function restore(): ThemeChoice {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY))
  } catch {
    return 'system'
  }
}

export const themeState = proxy({ theme: restore() })

/** Sets or removes <html data-theme>; the stylesheet does the rest (styles/theme-dark.css). */
export function applyTheme(choice: ThemeChoice) {
  const attribute = themeAttribute(choice)
  if (attribute) document.documentElement.dataset.theme = attribute
  else delete document.documentElement.dataset.theme
}

export const setTheme = (theme: ThemeChoice) => {
  themeState.theme = theme
}

subscribe(themeState, () => {
  localStorage.setItem(THEME_STORAGE_KEY, themeState.theme)
  applyTheme(themeState.theme)
})

// A choice made in another tab applies here too.
window.addEventListener('storage', (e) => {
  if (e.key === THEME_STORAGE_KEY) setTheme(parseTheme(e.newValue))
})
