import { describe, expect, it } from 'vitest'
import { PASSWORD_RULES, checkPassword, isStrongPassword } from '../../shared/password-rules'

describe('password rules', () => {
  it('lists the five rules shown on the registration form, in order', () => {
    expect(PASSWORD_RULES.map((r) => r.label)).toEqual([
      'At least 8 characters',
      'One upper case letter',
      'One lower case letter',
      'One number',
      'One symbol',
    ])
  })

  it('reports each rule separately', () => {
    expect(checkPassword('')).toEqual({
      length: false,
      upper: false,
      lower: false,
      number: false,
      symbol: false,
    })
    expect(checkPassword('abcdefgh')).toEqual({
      length: true,
      upper: false,
      lower: true,
      number: false,
      symbol: false,
    })
    expect(checkPassword('A1!')).toEqual({
      length: false,
      upper: true,
      lower: false,
      number: true,
      symbol: true,
    })
  })

  it('puts the length boundary at 8 characters', () => {
    expect(checkPassword('Aa1!aaa').length).toBe(false)
    expect(checkPassword('Aa1!aaaa').length).toBe(true)
  })

  it('counts a space and non-ASCII punctuation as symbols, and accented letters as letters', () => {
    expect(checkPassword('a b').symbol).toBe(true)
    expect(checkPassword('a€b').symbol).toBe(true)
    expect(checkPassword('Éé').symbol).toBe(false)
    expect(checkPassword('É').upper).toBe(true)
    expect(checkPassword('é').lower).toBe(true)
  })

  it('calls a password strong only when every rule passes', () => {
    expect(isStrongPassword('Correct horse 9')).toBe(true)
    expect(isStrongPassword('Secr3t!x')).toBe(true)
    expect(isStrongPassword('secr3t!x')).toBe(false)
    expect(isStrongPassword('SECR3T!X')).toBe(false)
    expect(isStrongPassword('Secret!x')).toBe(false)
    expect(isStrongPassword('Secr3tXx')).toBe(false)
    expect(isStrongPassword('Sc3t!x')).toBe(false)
  })
})
