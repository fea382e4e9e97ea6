import fc from 'fast-check'
import { BUCKET_ID, DATABASE_ID, TABLE_IDS, TEAMS } from '../../shared/db-ids'
import {
  appwriteQuery,
  deepJson,
  duplicateKeys,
  fieldObject,
  FIELD_NAMES,
  headerValue,
  hugeString,
  jsonValue,
  nastyString,
} from './arbitraries'
import { fillPath, paramsOf, type Route } from './routes'

/** encodeURIComponent that also writes lone surrogates (as the invalid UTF-8 they would be). */
export function encodeLoose(s: string): string {
  try {
    return encodeURIComponent(s)
  } catch {
    return [...s]
      .map((ch) => {
        try {
          return encodeURIComponent(ch)
        } catch {
          return '%ED%A0%80'
        }
      })
      .join('')
  }
}

const KNOWN_IDS = [
  DATABASE_ID,
  BUCKET_ID,
  ...Object.values(TABLE_IDS),
  ...Object.values(TEAMS),
  'home',
  'current',
  'unique()',
]
const RAW_SEGMENTS = ['%', '%zz', '%C0%AF', '%2F', '..', '%2e%2e', '%00', '']

const paramValue = (selfId: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...KNOWN_IDS, selfId) },
    { weight: 2, arbitrary: nastyString.map((s) => encodeLoose(s.slice(0, 300))) },
    fc.constantFrom(...RAW_SEGMENTS),
  )

const queryPair = fc.oneof(
  fc.tuple(
    fc.constantFrom('queries[]', 'queries[0]', 'queries'),
    appwriteQuery.map((q) => JSON.stringify(q) ?? 'undefined'),
  ),
  fc.tuple(fc.constantFrom('queries[]'), nastyString),
  fc.tuple(fc.constantFrom(...FIELD_NAMES, 'project', 'o', 'p', 'limit'), nastyString),
  fc.tuple(nastyString, nastyString),
)

export type Body = { text?: string | Uint8Array; type?: string }

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'application/x-sentry-envelope',
  '',
]

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  { weight: 6, arbitrary: fieldObject.map((o) => ({ text: JSON.stringify(o) })) },
  { weight: 2, arbitrary: jsonValue.map((v) => ({ text: JSON.stringify(v) ?? '' })) },
  fc.record({ text: nastyString, type: fc.constantFrom(...CONTENT_TYPES) }),
  deepJson.map((text) => ({ text })),
  duplicateKeys.map((text) => ({ text })),
  fc
    .tuple(fc.constantFrom(...FIELD_NAMES), hugeString)
    .map(([k, v]) => ({ text: JSON.stringify({ [k]: v }) })),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => ({ text: bytes, type: 'application/json' })),
  fc
    .tuple(fieldObject, fc.constantFrom(...CONTENT_TYPES))
    .map(([o, type]) => ({ text: JSON.stringify(o), type })),
)

// Not cf-connecting-ip: one client IP keeps the login throttle counting, so generated logins stop
// costing a (decoy) password hash each after the first 50, as they would for a real attacker.
const HEADER_NAMES = [
  'authorization',
  'cookie',
  'origin',
  'range',
  'content-range',
  'x-appwrite-id',
  'x-appwrite-jwt',
  'x-appwrite-session',
  'x-fallback-cookies',
  'x-appwrite-key',
  'user-agent',
  'accept-language',
  'x-sdk-version',
  'x-appwrite-response-format',
]
const headerPair = fc.tuple(fc.constantFrom(...HEADER_NAMES), headerValue)

export type Auth = 'none' | 'user' | 'key' | 'junk'

export type FuzzCase = {
  route: Route
  path: string
  query: [string, string][]
  auth: Auth
  body: Body
  headers: [string, string][]
  noProject: boolean
}

/** One generated request to one route of the table. */
export const fuzzCase = (routes: Route[], selfId: string): fc.Arbitrary<FuzzCase> =>
  fc.constantFrom(...routes).chain((route) =>
    fc.record({
      route: fc.constant(route),
      path: fc.tuple(...paramsOf(route.path).map(() => paramValue(selfId))).map((vals) => {
        let i = 0
        return fillPath(route.path, () => vals[i++] ?? '')
      }),
      query: fc.array(queryPair, { maxLength: 4 }),
      auth: fc.constantFrom<Auth>('none', 'user', 'user', 'user', 'key', 'junk'),
      body: route.method === 'GET' ? fc.constant({}) : body,
      headers: fc.array(headerPair, { maxLength: 3 }),
      noProject: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    }),
  )
