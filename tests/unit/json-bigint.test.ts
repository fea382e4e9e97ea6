import fc from 'fast-check'
import realJSONbig from 'json-bigint'
import { describe, expect, it } from 'vitest'
import shimJSONbig from '../../web/lib/json-bigint'

// The Appwrite web SDK's reviver (appwrite/dist/esm/sdk.js): json-bigint's BigNumbers become a
// Number when safe, a BigInt within int64, a Number beyond.
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER)
function sdkReviver(_key: string, value: unknown) {
  const big = value as { _isBigNumber?: boolean; isInteger(): boolean; toFixed(): string }
  if (value === null || typeof value !== 'object' || big._isBigNumber !== true) return value
  const n = value as unknown as { toNumber(): number }
  if (!big.isInteger()) return n.toNumber()
  const bi = BigInt(big.toFixed())
  if (bi >= MIN_SAFE && bi <= MAX_SAFE) return Number(bi)
  return bi >= -(2n ** 63n) && bi <= 2n ** 63n - 1n ? bi : n.toNumber()
}

const integer = fc
  .oneof(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.bigInt({ min: -999n, max: 999n }))
  .map(String)
// JSON texts with long integers, long decimals and digit runs inside strings, as the SDK may read.
const text = fc
  .tuple(
    fc.jsonValue({ maxDepth: 3 }).filter((v) => !JSON.stringify(v).includes('__proto__')),
    fc.array(integer, { maxLength: 4 }),
    fc.stringMatching(/^\d{0,20}$/),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  )
  .map(([value, ints, digits, d]) =>
    JSON.stringify({ value, digits, d }).replace(/}$/, `,"ints":[${ints.join(',')}]}`),
  )

describe('the browser json-bigint', () => {
  it("parses as json-bigint does through the SDK's reviver", () => {
    const real = realJSONbig({ storeAsString: false })
    const shim = shimJSONbig({ storeAsString: false })
    fc.assert(
      fc.property(text, (t) => {
        expect(shim.parse(t, sdkReviver)).toEqual(real.parse(t, sdkReviver))
      }),
      { numRuns: 2_000 },
    )
  })

  it('parses with native BigInts as json-bigint does (Query.or, Query.and)', () => {
    const real = realJSONbig({ useNativeBigInt: true })
    const shim = shimJSONbig({ useNativeBigInt: true })
    const ints = fc.array(integer, { maxLength: 6 }).map((xs) => `[${xs.join(',')}]`)
    fc.assert(
      fc.property(ints, (t) => {
        expect(shim.parse(t)).toEqual(real.parse(t))
      }),
    )
  })

  it('writes BigInts as bare integers, as json-bigint does', () => {
    const real = realJSONbig({ useNativeBigInt: true })
    const shim = shimJSONbig({ useNativeBigInt: true })
    const value = fc.record({
      id: fc.string(),
      n: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
      list: fc.array(fc.oneof(fc.bigInt(), fc.integer(), fc.string())),
    })
    fc.assert(
      fc.property(value, (v) => {
        expect(shim.stringify(v)).toBe(real.stringify(v))
      }),
    )
    expect(shim.stringify({ seq: 9007199254740993n })).toBe('{"seq":9007199254740993}')
    expect(shim.parse('{"seq":9007199254740993,"id":"12345678901234567890"}', sdkReviver)).toEqual({
      seq: 9007199254740993n,
      id: '12345678901234567890',
    })
  })
})
