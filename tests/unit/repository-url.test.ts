import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { APP_VERSION, releaseTagUrl } from '../../shared/constants'
import { parseVars } from '../../scripts/local-vars'
import { ConfigError, getConfig } from '../../worker/config'

// REPOSITORY_URL: where the admin's version badge links; no link when it is unset.
const example = parseVars(readFileSync('.dev.vars.example', 'utf8'))

describe('REPOSITORY_URL', () => {
  it('is off by default and kept when set', () => {
    expect(getConfig({ ...example }).REPOSITORY_URL).toBeUndefined()
    const set = getConfig({ ...example, REPOSITORY_URL: ' https://git.example/k ' })
    expect(set.REPOSITORY_URL).toBe('https://git.example/k')
  })

  it('names a malformed value', () => {
    expect(() => getConfig({ ...example, REPOSITORY_URL: 'not a url' })).toThrow(ConfigError)
    expect(() => getConfig({ ...example, REPOSITORY_URL: 'not a url' })).toThrow(
      /^REPOSITORY_URL: expected an http\(s\) URL$/m,
    )
  })

  it('links the release tag page, with or without a trailing slash', () => {
    const tag = `https://git.example/k/releases/tag/v${APP_VERSION}`
    expect(releaseTagUrl('https://git.example/k')).toBe(tag)
    expect(releaseTagUrl('https://git.example/k/')).toBe(tag)
  })
})
