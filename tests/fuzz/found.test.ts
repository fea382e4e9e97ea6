import { describe, expect, it } from 'vitest'
import { config, ORIGIN } from './session'
import { workerFetch } from './worker-fetch'

// Inputs the fuzzers found that broke a route, kept as plain cases so they stay fixed whatever
// the seed. Each failed (a 500) on the code before its fix.
const key = {
  'x-appwrite-project': config.APPWRITE_PROJECT_ID,
  'x-appwrite-key': config.EMBEDDED_API_KEY,
}
const get = (path: string) => workerFetch(`${ORIGIN}/v1${path}`, { headers: key })
const q = (query: unknown) => `queries[]=${encodeURIComponent(JSON.stringify(query))}`

describe('user, team and membership lists', () => {
  it.each(['/users', '/teams', '/teams/user/memberships'])(
    '%s answer a query that is JSON but no object (null, 1, []) with 400 general_query_invalid',
    async (path) => {
      for (const query of [null, 1, [], 'x']) {
        const res = await get(`${path}?${q(query)}`)
        expect(res.status, JSON.stringify(query)).toBe(400)
        expect(await res.json()).toMatchObject({ type: 'general_query_invalid', code: 400 })
      }
    },
  )

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'refuse the attribute %s (an Object.prototype member, not a column) with 400',
    async (attribute) => {
      for (const query of [
        { method: 'orderAsc', attribute },
        { method: 'equal', attribute, values: ['x'] },
        { method: 'search', attribute, values: ['x'] },
      ]) {
        const res = await get(`/users?${q(query)}`)
        expect(res.status, JSON.stringify(query)).toBe(400)
        expect(await res.json()).toMatchObject({ type: 'general_query_invalid' })
      }
    },
  )
})
