import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const SHIM = fileURLToPath(new URL('../web/lib/router-scroll-off.ts', import.meta.url))
const ROUTER_CORE = /[\\/]@tanstack[\\/]router-core[\\/]dist[\\/]esm[\\/](router|index)\.js$/
// What router-core imports of the module; the shim exports exactly these.
const EXPORTS =
  'defaultGetScrollRestorationKey, getElementScrollRestorationEntry, setupScrollRestoration, storageKey'

/**
 * The browser bundle's TanStack Router scroll restoration is web/lib/router-scroll-off.ts, for an
 * app that turns it off. Only the client build. Fails the build when router-core imports other
 * names from it than the shim was written for (an upgrade that changed the module).
 */
export function routerScrollOff(): Plugin {
  return {
    name: 'kathelia-router-scroll-off',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    resolveId(id, importer) {
      if (id !== './scroll-restoration.js' || !importer || !ROUTER_CORE.test(importer)) return
      const names = /import \{([^}]*)\} from "\.\/scroll-restoration\.js"/.exec(
        readFileSync(importer, 'utf8'),
      )?.[1]
      const known = EXPORTS.split(', ')
      if (!names || names.split(',').some((n) => !known.includes(n.trim())))
        throw new Error(`router-core's scroll restoration changed: ${importer} imports {${names}}`)
      return SHIM
    },
  }
}
