import { useSnapshot } from 'valtio'
import type { ThemeChoice } from '../../../shared/constants'
import { setTheme, themeState } from '../../state/theme-state'
import { useMediaQuery } from '../../lib/use-media-query'
import { resolveTheme } from '../../lib/theme'

const OPTIONS: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
]

/** Light, Dark, or the device's setting; kept on this device and applied at once. */
export function ThemePicker() {
  const { theme } = useSnapshot(themeState)
  const deviceDark = useMediaQuery('(prefers-color-scheme: dark)')
  const deviceScheme = resolveTheme('system', deviceDark)
  return (
    <section className="settings-section" aria-labelledby="appearance-title">
      <h2 id="appearance-title">Appearance</h2>
      <fieldset className="theme-picker" aria-describedby="theme-note">
        <legend>Theme</legend>
        {OPTIONS.map((option) => (
          <label key={option.value} className="theme-option">
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={theme === option.value}
              onChange={() => setTheme(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <p id="theme-note" className="section-note">
        System follows this device&apos;s setting (now {deviceScheme}). The choice is kept on this
        device only.
      </p>
    </section>
  )
}
