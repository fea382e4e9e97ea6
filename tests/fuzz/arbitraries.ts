import fc from 'fast-check'

// Generators of hostile input, shared by the HTTP and realtime fuzzers.

/** Strings that break naive code: NUL, lone surrogates, RTL overrides, huge, numeric-looking. */
export const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF',
    'x\uD83D',
    '\u202Egnp.exe',
    '\u200B\uFEFF',
    '𝕂𝕒𝕥𝕙𝕖𝕝𝕚𝕒',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' OR 1=1 --",
    '%00',
    '../../etc/passwd',
    'unique()',
    '$id',
    'NaN',
    '-1',
    '1e309',
    '9007199254740993',
    'true',
    'null',
    '[]',
    '{}',
  ),
  fc.integer({ min: 256, max: 4096 }).map((n) => 'x'.repeat(n)),
)

/** Past every length limit (strings 64 KiB, /api bodies 64 KiB); used sparingly, it is slow. */
export const hugeString = fc.integer({ min: 60_000, max: 300_000 }).map((n) => 'x'.repeat(n))

export const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
)

// Field names the routes read (Appwrite's and the product API's), so generated bodies reach
// validation past "unknown field" and hit each field with every wrong type.
export const FIELD_NAMES = [
  'userId',
  'email',
  'password',
  'oldPassword',
  'name',
  'secret',
  'url',
  'duration',
  'prefs',
  'labels',
  'status',
  'roles',
  'teamId',
  'membershipId',
  'sessionId',
  'data',
  'permissions',
  'queries',
  'search',
  'rowId',
  'documentId',
  'fileId',
  'transactionId',
  'roomId',
  'message',
  'clientId',
  'attachment',
  'state',
  'jwt',
  'kind',
  'color',
  'title',
  'isDeleted',
  'total',
  'emailVerification',
  'passwordAgain',
  'provider',
  'token',
  '__proto__',
  'constructor',
] as const

const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELD_NAMES) }, fc.string())

/** Any JSON value, hostile strings and numbers included, nested a few levels. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 6 }),
  ),
})).value

/** An object with the routes' own field names, holding values of any type. */
export const fieldObject = fc.dictionary(fieldName, jsonValue, { minKeys: 1, maxKeys: 8 })

const QUERY_METHODS = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanEqual',
  'greaterThan',
  'greaterThanEqual',
  'between',
  'notBetween',
  'isNull',
  'isNotNull',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'search',
  'and',
  'or',
  'select',
  'orderAsc',
  'orderDesc',
  'orderRandom',
  'limit',
  'offset',
  'cursorAfter',
  'cursorBefore',
  'distanceEqual',
  'crossesX',
]
const ATTRIBUTES = [
  '$id',
  '$createdAt',
  '$sequence',
  'roomId',
  'message',
  'seq',
  'name',
  'email',
  '*',
]

/** Appwrite query JSON, right and wrong, nested through and/or. */
export const appwriteQuery: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  q: fc.oneof(
    { depthSize: 'small' },
    fc.record(
      {
        method: fc.oneof(fc.constantFrom(...QUERY_METHODS), nastyString, nastyNumber),
        attribute: fc.oneof(fc.constantFrom(...ATTRIBUTES), nastyString, fc.constant(null)),
        values: fc.oneof(fc.array(jsonValue, { maxLength: 4 }), jsonValue),
      },
      { requiredKeys: [] },
    ),
    fc.record({
      method: fc.constantFrom('and', 'or'),
      values: fc.array(tie('q'), { maxLength: 3 }),
    }),
    jsonValue,
  ),
})).q

/** JSON nested beyond any sane depth, as text (JSON.stringify would do the same). */
export const deepJson = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
  .map(([n, arr]) =>
    arr ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n),
  )

/** A JSON object text with duplicate keys (the last one wins in JSON.parse). */
export const duplicateKeys = fc
  .tuple(fc.constantFrom(...FIELD_NAMES), jsonValue, jsonValue)
  .map(
    ([k, a, b]) =>
      `{${JSON.stringify(k)}:${JSON.stringify(a) ?? 'null'},${JSON.stringify(k)}:${JSON.stringify(b) ?? 'null'}}`,
  )

/** Header-safe (ByteString, no CR/LF) values that still carry junk. */
export const headerValue = fc.oneof(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: 300,
  }),
  fc.constantFrom('', 'Bearer ', 'Bearer x.y.z', 'bytes=0-', 'bytes=9-1', 'bytes 0-0/*'),
)
