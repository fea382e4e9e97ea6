import { expect, it } from 'vitest'
import { idorSuite, uncovered } from './idor-cases'

// IDOR, Ben's objects (Ada's are in idor-ada.test.ts); the cases are in idor-cases.ts.
it('every /v1 route with an object id has a case, and every /api route is classified', () => {
  expect(uncovered()).toEqual({ v1: [], api: [] })
})

idorSuite('ben')
