import { afterEach, expect, it, vi } from 'vitest'
import { TEXTS } from '../../shared/texts'
import { ApiError } from '../../web/lib/api-error'
import { toNotice } from '../../web/lib/errors'

// An offline browser (a replaced `navigator`): a request that could not leave it is no
// "unknown error" for the administrator.
afterEach(() => {
  vi.unstubAllGlobals()
})

it('says the browser is offline, rather than "unknown", when it is', () => {
  vi.stubGlobal('navigator', { onLine: false })
  expect(toNotice('login', new TypeError('Failed to fetch')).body).toBe(TEXTS.offline)
  // What a server answered is still shown as it is.
  expect(toNotice('login', new ApiError(409, 'conflict', 'Taken')).body).toBe('Taken')
})

it('says the server could not be reached when online and a request got no answer at all', () => {
  vi.stubGlobal('navigator', { onLine: true })
  expect(toNotice('update profile', new TypeError('Failed to fetch')).body).toBe(TEXTS.unreachable)
  // The SDK's wrapping of the same failure (an AppwriteException of code 0).
  const sdk = Object.assign(new Error('NetworkError when attempting to fetch resource.'), {
    name: 'AppwriteException',
    code: 0,
    type: '',
  })
  expect(toNotice('update profile', sdk).body).toBe(TEXTS.unreachable)
  // And web/lib/api.ts's (the product API's calls).
  const api = new ApiError(0, 'network_error', 'Failed to fetch')
  expect(toNotice('update profile', api).body).toBe(TEXTS.unreachable)
  // A bug is still an unknown error, and a refusal still the server's words.
  expect(toNotice('update profile', new TypeError('x is undefined')).body).toBe(TEXTS.unknownError)
  expect(toNotice('update profile', new ApiError(429, 'rate', 'Slow down')).body).toBe('Slow down')
})
