import { AppwriteException } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { TEXTS } from '../../shared/texts'
import { ApiError } from '../../web/lib/api-error'
import { isUnauthorized, titleCase, toNotice } from '../../web/lib/errors'
import { explainThrottle } from '../../web/lib/throttled'
import { THROTTLE_TEXTS } from '../../shared/throttle-texts'

describe('toNotice (spec section 8 display conversion)', () => {
  it('titles an HTTP failure with the capitalised action and shows the server message', () => {
    const err = new ApiError(409, 'conflict', 'A room named "Trips" already exists')
    expect(toNotice('create room', err)).toEqual({
      type: 'error',
      title: 'Create Room',
      body: 'A room named "Trips" already exists',
    })
  })

  it("uses the backend service's own message for its errors", () => {
    const err = new AppwriteException('Invalid credentials.', 401, 'user_invalid_credentials')
    expect(toNotice('login', err)).toMatchObject({ title: 'Login', body: 'Invalid credentials.' })
  })

  it('falls back to the unknown-error text for anything else', () => {
    expect(toNotice('login', new TypeError('x is undefined')).body).toBe(TEXTS.unknownError)
    expect(toNotice('login', 'boom').body).toBe(TEXTS.unknownError)
    expect(toNotice('login', new ApiError(500, 'internal_error', '')).body).toBe(TEXTS.unknownError)
  })

  it('says what too many attempts mean, not the rate limit jargon; a sign-in names the way out', () => {
    const limited = () =>
      new AppwriteException(
        'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
        429,
        'general_rate_limit_exceeded',
      )
    expect(toNotice('password reset', explainThrottle(limited())).body).toBe(
      THROTTLE_TEXTS.tryLater,
    )
    const api = explainThrottle(new ApiError(429, 'rate_limited', 'Slow down'))
    expect(toNotice('send', api).body).toBe(THROTTLE_TEXTS.tryLater)
    const signIn = explainThrottle(limited(), THROTTLE_TEXTS.signIn)
    expect(toNotice('login', signIn)).toEqual({
      type: 'error',
      title: 'Login',
      body: THROTTLE_TEXTS.signIn,
    })
    // Anything else is left as it was.
    const wrong = new AppwriteException('Invalid credentials.', 401, 'user_invalid_credentials')
    expect(toNotice('login', explainThrottle(wrong, THROTTLE_TEXTS.signIn)).body).toBe(
      'Invalid credentials.',
    )
  })

  it('keeps a given type and defaults to error', () => {
    expect(toNotice('login', null).type).toBe('error')
    expect(toNotice('registration', null, 'warning').type).toBe('warning')
  })
})

describe('titleCase', () => {
  it('capitalises every word', () => {
    expect(titleCase('account verification')).toBe('Account Verification')
    expect(titleCase('Login')).toBe('Login')
  })
})

describe('isUnauthorized', () => {
  it('recognises a 401 from the backend or the API only', () => {
    expect(isUnauthorized(new AppwriteException('no', 401))).toBe(true)
    expect(isUnauthorized(new ApiError(401, 'unauthorized', 'no'))).toBe(true)
    expect(isUnauthorized(new ApiError(403, 'forbidden', 'no'))).toBe(false)
    expect(isUnauthorized(new Error('401'))).toBe(false)
  })
})
