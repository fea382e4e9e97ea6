import { describe, expect, it } from 'vitest'
import { FORM_TEXTS } from '../../shared/form-texts'
import {
  checkRegistration,
  problemField,
  fullName,
  type RegistrationInput,
} from '../../web/features/auth/registration-rules'

const valid: RegistrationInput = {
  email: 'ada@kathelia.test',
  firstname: 'Ada',
  lastname: 'Lovelace',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
}

describe('checkRegistration', () => {
  it('passes a complete form with a strong matching password', () => {
    expect(checkRegistration(valid)).toBeNull()
  })

  it('requires every field', () => {
    for (const key of Object.keys(valid) as (keyof RegistrationInput)[]) {
      expect(checkRegistration({ ...valid, [key]: '  ' })?.type).toBe('warning')
    }
  })

  it('warns "Both passwords provided do not match" under "Registration Form Error"', () => {
    expect(checkRegistration({ ...valid, confirmPassword: 'Str0ng!pasS' })).toEqual({
      type: 'warning',
      title: 'Registration Form Error',
      body: FORM_TEXTS.passwordsDiffer,
    })
  })

  it('rejects a weak password with the complexity text', () => {
    expect(
      checkRegistration({ ...valid, password: 'weakpass', confirmPassword: 'weakpass' })?.body,
    ).toBe('Your password does not meet the minimum complexity requirements')
  })
})

describe('problemField', () => {
  it('names the first blank field, else the confirmation or the password', () => {
    expect(problemField(valid)).toBeNull()
    expect(problemField({ ...valid, lastname: ' ', password: '' })).toBe('lastname')
    expect(problemField({ ...valid, confirmPassword: 'Str0ng!pasS' })).toBe('confirmPassword')
    expect(problemField({ ...valid, password: 'weakpass', confirmPassword: 'weakpass' })).toBe(
      'password',
    )
  })
})

describe('fullName', () => {
  it('joins first and last name', () => {
    expect(fullName({ firstname: ' Ada ', lastname: 'Lovelace ' })).toBe('Ada Lovelace')
  })
})
