// A stand-in for `json-bigint` in the browser bundle (scripts/json-bigint-plugin.ts), 24 KB of
// minified JS with bignumber.js that the Appwrite SDK uses to keep integers beyond 2^53 exact.
// The browser's JSON does the work; only a rare text with a 16-digit run takes the slow path, where
// such integers become what the SDK's own reviver makes of json-bigint's BigNumbers.
type Reviver = (this: unknown, key: string, value: unknown) => unknown
type Options = { useNativeBigInt?: boolean; storeAsString?: boolean }

const MARK = '\u0000kathelia-bigint:'
// The same, as written inside a JSON string.
const MARK_JSON = '\\u0000kathelia-bigint:'
// A string literal (skipped), or an integer literal of 15 or more digits outside one.
const LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{15,}(?![\d.eE])/g
const SAFE = [BigInt(Number.MIN_SAFE_INTEGER), BigInt(Number.MAX_SAFE_INTEGER)]
const INT64 = [-(2n ** 63n), 2n ** 63n - 1n]

function bigValue(digits: string, native: boolean): number | bigint {
  const n = BigInt(digits)
  if (native) return n
  if (n >= SAFE[0] && n <= SAFE[1]) return Number(digits)
  return n >= INT64[0] && n <= INT64[1] ? n : Number(digits)
}

function parser(native: boolean) {
  return (text: string, reviver?: Reviver) => {
    if (!/\d{15}/.test(text)) return reviver ? JSON.parse(text, reviver) : JSON.parse(text)
    const marked = text.replace(LONG_INTEGER, (token) =>
      // json-bigint's own line: a number literal longer than 15 characters.
      token[0] === '"' || token.length <= 15 ? token : `"${MARK_JSON}${token}"`,
    )
    return JSON.parse(marked, function (this: unknown, key, value: unknown) {
      const v =
        typeof value === 'string' && value.startsWith(MARK)
          ? bigValue(value.slice(MARK.length), native)
          : value
      return reviver ? reviver.call(this, key, v) : v
    })
  }
}

function stringify(value: unknown, replacer?: Reviver | null, space?: string | number) {
  let big = false
  const json = JSON.stringify(
    value,
    function (this: unknown, key, v: unknown) {
      const out = replacer ? replacer.call(this, key, v) : v
      if (typeof out !== 'bigint') return out
      big = true
      return `${MARK}${out}`
    },
    space,
  )
  return big ? json.replace(/"\\u0000kathelia-bigint:(-?\d+)"/g, '$1') : json
}

/** json-bigint's factory: `JSONbig(options)` gives `{ parse, stringify }`. */
export default function JSONbig(options: Options = {}) {
  return { parse: parser(options.useNativeBigInt === true), stringify }
}
JSONbig.parse = parser(false)
JSONbig.stringify = stringify
