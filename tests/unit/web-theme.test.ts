import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { THEME_STORAGE_KEY } from '../../shared/constants'
import { parseTheme, resolveTheme, themeAttribute } from '../../web/lib/theme'

describe('the theme choice', () => {
  it('reads a stored value back, anything unknown or missing being System', () => {
    expect(parseTheme('dark')).toBe('dark')
    expect(parseTheme('light')).toBe('light')
    expect(parseTheme('system')).toBe('system')
    for (const raw of [null, undefined, '', 'Dark', 'sepia', 1])
      expect(parseTheme(raw)).toBe('system')
  })

  it('resolves System by the device and keeps an explicit choice', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  it('marks <html> only for an explicit choice, so System follows the stylesheet', () => {
    expect(themeAttribute('system')).toBeNull()
    expect(themeAttribute('dark')).toBe('dark')
    expect(themeAttribute('light')).toBe('light')
  })

  // index.html's inline script runs before the first paint; it must read the same key.
  const inline = /<script>([\s\S]*?)<\/script>/.exec(
    readFileSync(new URL('../../index.html', import.meta.url), 'utf8'),
  )![1]!
  const runInline = (stored: Record<string, string>) => {
    const dataset: Record<string, string> = {}
    const localStorage = { getItem: (k: string) => stored[k] ?? null }
    new Function('localStorage', 'document', inline)(localStorage, {
      documentElement: { dataset },
    })
    return dataset.theme
  }

  it('is applied by index.html before the app loads, from the key the app writes', () => {
    expect(runInline({ [THEME_STORAGE_KEY]: 'dark' })).toBe('dark')
    expect(runInline({ [THEME_STORAGE_KEY]: 'light' })).toBe('light')
    expect(runInline({ [THEME_STORAGE_KEY]: 'system' })).toBeUndefined()
    expect(runInline({ [THEME_STORAGE_KEY]: '"><script>' })).toBeUndefined()
    expect(runInline({})).toBeUndefined()
  })
})
