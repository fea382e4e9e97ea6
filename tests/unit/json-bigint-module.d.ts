// The real package, which the unit test holds web/lib/json-bigint.ts to; it has the same shape.
declare module 'json-bigint' {
  import JSONbig from '../../web/lib/json-bigint'
  export default JSONbig
}
