import { AppwriteException } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { DisplayName, ProfileUpdate } from '../../shared/schemas'
import { SETTINGS_TEXTS } from '../../shared/settings-texts'
import { TEXTS } from '../../shared/texts'
import { THROTTLE_TEXTS } from '../../shared/throttle-texts'
import { FORM_TEXTS } from '../../shared/form-texts'
import { newPasswordProblem } from '../../web/features/auth/registration-rules'
import {
  checkPasswordChange,
  passwordChangeError,
  passwordChangeField,
  type PasswordChangeInput,
} from '../../web/features/settings/password-change'
import { describeSession, orderSessions } from '../../web/features/settings/session-view'

describe('the display name schema', () => {
  it('trims and accepts 1 to 128 characters', () => {
    expect(DisplayName.parse('  Ada King  ')).toBe('Ada King')
    expect(DisplayName.parse('x'.repeat(128))).toHaveLength(128)
    expect(ProfileUpdate.parse({ name: ' Ada ' })).toEqual({ name: 'Ada' })
  })

  it('refuses an empty or too long name with the form texts', () => {
    for (const [name, text] of [
      ['', SETTINGS_TEXTS.nameRequired],
      ['   ', SETTINGS_TEXTS.nameRequired],
      ['x'.repeat(129), SETTINGS_TEXTS.nameTooLong],
    ] as const) {
      const result = DisplayName.safeParse(name)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(text)
    }
    // Spaces around do not count towards the limit.
    expect(DisplayName.safeParse(` ${'x'.repeat(128)} `).success).toBe(true)
  })
})

const change: PasswordChangeInput = {
  current: 'Old-pass-1',
  password: 'N3w!password',
  confirmPassword: 'N3w!password',
}
const warning = (body: string) => ({ type: 'warning', title: 'Change Password', body })

describe('the password change checks', () => {
  it('passes three filled fields with a new, strong, matching password', () => {
    expect(checkPasswordChange(change)).toBeNull()
  })

  it('requires every field, then a match, then the complexity, then a new password', () => {
    for (const key of Object.keys(change) as (keyof PasswordChangeInput)[])
      expect(checkPasswordChange({ ...change, [key]: ' ' })).toEqual(
        warning(FORM_TEXTS.createRoomFieldsRequired),
      )
    expect(checkPasswordChange({ ...change, confirmPassword: 'N3w!passworD' })).toEqual(
      warning(FORM_TEXTS.passwordsDiffer),
    )
    expect(checkPasswordChange({ ...change, password: 'weak', confirmPassword: 'weak' })).toEqual(
      warning(FORM_TEXTS.passwordTooWeak),
    )
    expect(checkPasswordChange({ ...change, current: change.password })).toEqual(
      warning(SETTINGS_TEXTS.samePassword),
    )
  })

  it('names the field each problem is about, in the same order', () => {
    expect(passwordChangeField(change)).toBeNull()
    for (const key of Object.keys(change) as (keyof PasswordChangeInput)[])
      expect(passwordChangeField({ ...change, [key]: ' ' })).toBe(key)
    expect(passwordChangeField({ ...change, confirmPassword: 'N3w!passworD' })).toBe(
      'confirmPassword',
    )
    expect(passwordChangeField({ ...change, password: 'weak', confirmPassword: 'weak' })).toBe(
      'password',
    )
    expect(passwordChangeField({ ...change, current: change.password })).toBe('password')
  })

  it('shares the order of the checks with the registration', () => {
    expect(newPasswordProblem('weak', 'other')).toBe(FORM_TEXTS.passwordsDiffer)
    expect(newPasswordProblem('weak', 'weak')).toBe(FORM_TEXTS.passwordTooWeak)
    expect(newPasswordProblem('N3w!password', 'N3w!password')).toBeNull()
  })

  it("names a wrong current password clearly and shows any other server's error as sent", () => {
    const wrong = new AppwriteException(
      'Invalid credentials. Please check the email and password.',
      401,
      'user_invalid_credentials',
    )
    expect(passwordChangeError(wrong)).toEqual({
      type: 'error',
      title: 'Change Password',
      body: SETTINGS_TEXTS.currentPasswordWrong,
    })
    const limited = new AppwriteException(
      'Rate limit for the current endpoint has been exceeded.',
      429,
      'general_rate_limit_exceeded',
    )
    expect(passwordChangeError(limited).body).toBe(THROTTLE_TEXTS.tryLater)
    expect(passwordChangeError(new Error('boom')).body).toBe(TEXTS.unknownError)
  })
})

const session = {
  $id: 's1',
  $createdAt: '2026-05-03T14:15:07.000+00:00',
  current: false,
  clientName: 'Chrome',
  clientVersion: '126.0.6478.126',
  osName: 'Linux',
  osVersion: '',
  deviceName: 'desktop',
  deviceBrand: '',
  deviceModel: '',
  countryName: 'Germany',
  ip: '203.0.113.7',
}

describe('the session list', () => {
  it('describes a device by browser, system, kind, place and sign-in time', () => {
    const view = describeSession(session)
    expect(view).toMatchObject({
      id: 's1',
      current: false,
      title: 'Chrome 126 on Linux',
      details: 'Desktop · Germany · 203.0.113.7',
      createdAt: session.$createdAt,
    })
    expect(view.created).toMatch(/^May 3, 2026 \d\d:15:07 [AP]M$/)
  })

  it('leaves out what is unknown', () => {
    const bare = { ...session, clientName: '', clientVersion: '', osName: '', deviceName: '' }
    expect(describeSession({ ...bare, countryName: 'Unknown', ip: '' })).toMatchObject({
      title: 'Unknown browser on an unknown system',
      details: '',
    })
    const phone = { ...session, osName: 'iOS', osVersion: '17.5', deviceName: 'mobile' }
    expect(
      describeSession({
        ...phone,
        deviceBrand: 'Apple',
        deviceModel: 'iPhone',
        countryName: 'Unknown',
      }),
    ).toMatchObject({
      title: 'Chrome 126 on iOS 17.5',
      details: 'Mobile · Apple iPhone · 203.0.113.7',
    })
  })

  it('puts this device first, then the others newest first', () => {
    const at = (id: string, day: number, current = false) => ({
      id,
      current,
      $createdAt: `2026-05-0${day}T10:00:00.000+00:00`,
    })
    const ordered = orderSessions([at('old', 1), at('mine', 2, true), at('new', 3)])
    expect(ordered.map((s) => s.id)).toEqual(['mine', 'new', 'old'])
  })
})
