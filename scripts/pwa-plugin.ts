import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import type { Plugin, ResolvedConfig } from 'vite'
import { DEFAULT_PROJECT_ID } from '../shared/db-ids.ts'
import { spaValue } from './session-probe-script.ts'

// The service worker's source, and the lines the build replaces (see the file's header).
const SOURCE = 'web/features/pwa/service-worker.js'
const BUILD_LINE = "const BUILD = { version: 'dev', precache: [] }"
const BACKEND_LINE = "const BACKEND = { endpoint: '', project: 'kathelia' }"

/** The source with the backend the SPA signs in to (`VITE_APPWRITE_*`, as the page reads them). */
const read = (config: ResolvedConfig) => {
  const text = readFileSync(SOURCE, 'utf8')
  for (const line of [BUILD_LINE, BACKEND_LINE])
    if (!text.includes(line)) throw new Error(`${SOURCE} lost its line "${line}"`)
  const backend = {
    endpoint: spaValue(config, 'VITE_APPWRITE_ENDPOINT'),
    project: spaValue(config, 'VITE_APPWRITE_PROJECT_ID') || DEFAULT_PROJECT_ID,
  }
  return text.replace(BACKEND_LINE, `const BACKEND = ${JSON.stringify(backend)}`)
}

/**
 * /sw.js for the SPA. The dev server serves the source as is (Vite's modules are unhashed, so
 * the worker caches what the page loads, network first). The build emits it with the list of
 * every file it wrote plus the public ones, and a version from their names: a new build is a new
 * worker, which the page offers with "New version available — Reload".
 */
export function pwa(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'kathelia-pwa',
    configResolved(resolved) {
      config = resolved
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/sw.js') return next()
        res.setHeader('content-type', 'text/javascript; charset=utf-8')
        res.setHeader('cache-control', 'no-cache')
        res.end(read(config))
      })
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const built = Object.keys(bundle).filter((f) => !f.endsWith('.map') && f !== 'index.html')
      const publicFiles = [
        'manifest.webmanifest',
        ...readdirSync('public/icons').map((f) => `icons/${f}`),
      ]
      // Navigations are answered from '/', the shell (index.html is redirected to it).
      const precache = ['/', ...[...built, ...publicFiles].sort().map((f) => `/${f}`)]
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12)
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: read(config).replace(
          BUILD_LINE,
          `const BUILD = ${JSON.stringify({ version, precache })}`,
        ),
      })
    },
  }
}
