import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { exampleVars } from '../../scripts/local-vars'
import { toFlags } from '../../web/features/auth/flags'
import { readFileSync } from 'node:fs'
import { Avatar, initials } from '../../web/features/layout/avatar'
import { getConfig } from '../../worker/config'
import { avatarList } from '../../worker/services/avatar-list'

// Spec section 3: the avatar is one of three images, chosen by which approved list the email is on.
describe('avatars by list', () => {
  const config = getConfig({ ...exampleVars() })

  it('the server names the list: the admin, a special address, any other allowlisted one', () => {
    expect(avatarList(config, { email: 'ada@kathelia.test' })).toBe('admin')
    expect(avatarList(config, { email: 'ben@kathelia.test' })).toBe('special')
    expect(avatarList(config, { email: 'dummy@kathelia.test' })).toBe('other')
    // The admin is never "special", even when listed there too.
    const both = getConfig({ ...exampleVars(), SPECIAL_EMAILS: 'ada@kathelia.test' })
    expect(avatarList(both, { email: 'ada@kathelia.test' })).toBe('admin')
  })

  it('the flags keep the list beside the admin switch', () => {
    expect(toFlags({ isAdmin: false, list: 'special' }, true)).toEqual({
      isAdmin: false,
      showAdmin: false,
      list: 'special',
    })
  })

  it('each list has its own image', () => {
    const css = readFileSync(
      new URL('../../web/features/layout/avatar.css', import.meta.url),
      'utf8',
    )
    for (const list of ['admin', 'special', 'other'])
      expect(css).toContain(
        `.avatar[data-list='${list}'] {\n  background-image: url('../../assets/avatar-${list}.svg');`,
      )
  })

  it("draws the list's image with the initials as its text alternative", () => {
    const html = renderToStaticMarkup(
      createElement(Avatar, { name: 'Ben Franklin', list: 'special', size: 32 }),
    )
    expect(html).toContain('role="img" aria-label="BF" title="Ben Franklin"')
    expect(html).toContain('data-list="special"')
    expect(initials('  ada  lovelace byron ')).toBe('AL')
    expect(initials('')).toBe('?')
    // Letters only: quotes, brackets and dashes around a word are not its initial.
    expect(initials('Benjamin "Ben" Franklin')).toBe('BB')
    expect(initials('(Ada) Lovelace')).toBe('AL')
    expect(initials("Jean-Luc O'Brien")).toBe('JO')
    expect(initials('— ✨ —')).toBe('?')
    // An accent is its letter's, composed or not; a quote before a name is not a word of its own.
    expect(initials('Nguye\u0302\u0303n Va\u0306n')).toBe('NV')
    expect(initials("'Ben' Franklin")).toBe('BF')
  })
})
