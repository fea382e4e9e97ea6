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
