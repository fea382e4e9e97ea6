import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const SHIM = fileURLToPath(new URL('../web/lib/json-bigint.ts', import.meta.url))

/**
 * The browser bundle's `json-bigint` (imported by the Appwrite web SDK) is web/lib/json-bigint.ts:
 * the same parse and stringify on the browser's JSON, without bignumber.js (24 KB minified of the
 * signed-in chunk). Only the client: the Worker and Node keep the package.
 */
export function jsonBigintShim(): Plugin {
  return {
    name: 'kathelia-json-bigint',
    enforce: 'pre',
    applyToEnvironment: (env) => env.name === 'client',
    resolveId: (id) => (id === 'json-bigint' ? SHIM : undefined),
  }
}
