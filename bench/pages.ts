import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { build, createBuilder, preview } from 'vite'
import { writePreviewVars } from '../scripts/local-vars'
import { freePort } from '../tests/fixtures/app-server'
import { appConfig } from '../vite.config'
import { privateCloudflarePlugin } from '../tests/fixtures/private-plugin'
import { startCompressingProxy } from './compressing-proxy'
import { frameTimer } from './frame-timer'
import { applyProfile, type Profile } from './mobile-profile'

export type PageLoad = {
  jsGzipBytes: number
  files: { path: string; gzip: number }[]
  readyMs: number
  /** When `then` first held, if it was given. */
  thenMs?: number
}

/**
 * Loads `url` in a fresh context (cold cache) and returns the time from navigation start until
 * `ready` (a JS expression checked in the page every animation frame, frame-timer.ts) first
 * held, and the gzipped bytes of every script requested until the page was timed (the ones a
 * page names in its HTML are all requested by then). `state` carries a signed-in session.
 */
export async function measurePage(
  browser: Browser,
  url: string,
  ready: string,
  root: string,
  state?: BrowserContextOptions['storageState'],
  profile: Profile = 'loopback',
  then?: string,
): Promise<PageLoad> {
  const context = await browser.newContext({ storageState: state })
  try {
    const page = await context.newPage()
    await applyProfile(page, profile)
    const scripts = new Set<string>()
    let done = false
    page.on('request', (req) => {
      if (!done && req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname)
    })
    const times = await frameTimer(page, then ? [ready, then] : [ready])
    await page.goto(url, { waitUntil: 'commit' })
    const [readyMs, thenMs] = await times()
    done = true
    const files = [...scripts].map((path) => ({
      path,
      gzip: gzipSync(readFileSync(join(root, path)), { level: 9 }).length,
    }))
    return { jsGzipBytes: files.reduce((sum, f) => sum + f.gzip, 0), files, readyMs, thenMs }
  } finally {
    await context.close()
  }
}

/** The anchor's files, and at /messages.json the rows its room fetches (set by the room bench). */
function serveStatic(root: string, port: number) {
  let messages = '[]'
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === '/messages.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(messages)
      return
    }
    const file = extname(path) ? join(root, path) : join(root, 'index.html')
    try {
      const type = { '.js': 'text/javascript', '.css': 'text/css' }[extname(file)] ?? 'text/html'
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': type }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  return new Promise<{ close(): void; setMessages(json: string): void }>((r) =>
    server.listen(port, '127.0.0.1', () =>
      r({ close: () => server.close(), setMessages: (json) => (messages = json) }),
    ),
  )
}

export type BuiltApps = Awaited<ReturnType<typeof startBuiltApps>>

/**
 * Builds the app and the anchor, serves both on 127.0.0.1 (the app with fresh state), each behind
 * a proxy that compresses as Cloudflare's edge does (compressing-proxy.ts): pages load through it.
 */
export async function startBuiltApps() {
  // The whole app (client and Worker environments), as `vite build` does; build() makes only the client.
  await (await createBuilder({ configFile: 'vite.config.ts', logLevel: 'warn' })).buildApp()
  const anchorOut = mkdtempSync(join(tmpdir(), 'kathelia-anchor-'))
  // Fresh state, never the repo's .wrangler/state that `npm run dev` uses.
  const state = mkdtempSync(join(tmpdir(), 'kathelia-bench-state-'))
  const removeDirs = () => {
    rmSync(state, { recursive: true, force: true })
    rmSync(anchorOut, { recursive: true, force: true })
  }
  try {
    await build({
      root: 'bench/anchor',
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: anchorOut, emptyOutDir: true },
    })
    const [appPort, anchorPort] = [await freePort(), await freePort()]
    const [appProxyPort, anchorProxyPort] = [await freePort(), await freePort()]
    // The browser's origin is the proxy's.
    const app = `http://127.0.0.1:${appProxyPort}`
    // `vite preview` runs the built Worker in workerd and reads .dev.vars beside the built config.
    writePreviewVars({ APP_ORIGINS: app })
    const server = await preview({
      configFile: false,
      logLevel: 'warn',
      ...appConfig({
        stateDir: state,
        host: '127.0.0.1',
        port: appPort,
        cloudflarePlugin: await privateCloudflarePlugin('preview'),
      }),
      preview: { port: appPort, host: '127.0.0.1', strictPort: true },
    })
    const anchorServer = await serveStatic(anchorOut, anchorPort)
    const proxies = [
      await startCompressingProxy(`http://127.0.0.1:${appPort}`, appProxyPort),
      await startCompressingProxy(`http://127.0.0.1:${anchorPort}`, anchorProxyPort),
    ]
    return {
      app,
      anchor: proxies[1]!.url,
      /** What the anchor's room fetches: the same rows as the app's room shows. */
      setAnchorMessages: anchorServer.setMessages,
      appRoot: resolve('dist/client'),
      anchorRoot: anchorOut,
      async close() {
        for (const p of proxies) p.close()
        anchorServer.close()
        await server.close()
        removeDirs()
      },
    }
  } catch (err) {
    removeDirs()
    throw err
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
export const kb = (bytes: number) => bytes / 1024

/**
 * Cold loads (fresh context, empty cache) of our page and the anchor's, alternating so that drift
 * hits both alike. One load of each comes first and is reported apart (`first`): on our side
 * it is the first request to a just-started server (the Durable Object made, its routes
 * compiled), which a static file server, the anchor, never pays.
 */
export async function measureBoth(
  browser: Browser,
  apps: BuiltApps,
  o: {
    anchorPath?: string
    ready: string
    anchorReady?: string
    state?: BrowserContextOptions['storageState']
    runs: number
    profile?: Profile
    /** Also timed on our page, after `ready`. */
    then?: string
  },
) {
  const ours: PageLoad[] = []
  const anchor: PageLoad[] = []
  for (let i = -1; i < o.runs; i++) {
    ours.push(
      await measurePage(browser, apps.app, o.ready, apps.appRoot, o.state, o.profile, o.then),
    )
    const url = `${apps.anchor}${o.anchorPath ?? ''}`
    anchor.push(
      await measurePage(
        browser,
        url,
        o.anchorReady ?? o.ready,
        apps.anchorRoot,
        undefined,
        o.profile,
      ),
    )
  }
  const first = { ours: ours.shift()!, anchor: anchor.shift()! }
  return { ours, anchor, first }
}
