import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import type { Browser } from 'playwright-core'
import { build, preview } from 'vite'
import { exampleVars } from '../scripts/local-vars'
import { freePort } from '../tests/fixtures/app-server'
import { fmt, ratioLine } from './stats'

export type PageLoad = { jsGzipBytes: number; readyMs: number }

/** Gzipped bytes of every script the page loaded until `ready` held, and the time it took. */
export async function measurePage(
  browser: Browser,
  url: string,
  ready: string,
  root: string,
): Promise<PageLoad> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const scripts = new Set<string>()
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname)
  })
  const start = Date.now()
  await page.goto(url)
  await page.waitForSelector(ready, { timeout: 30_000 })
  const readyMs = Date.now() - start
  await context.close()
  let jsGzipBytes = 0
  for (const path of scripts)
    jsGzipBytes += gzipSync(readFileSync(join(root, path)), { level: 9 }).length
  return { jsGzipBytes, readyMs }
}

function serveStatic(root: string, port: number) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const file = extname(path) ? join(root, path) : join(root, 'index.html')
    try {
      const type = { '.js': 'text/javascript', '.css': 'text/css' }[extname(file)] ?? 'text/html'
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': type }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  return new Promise<{ close(): void }>((r) =>
    server.listen(port, '127.0.0.1', () => r({ close: () => server.close() })),
  )
}

/** Builds the app and the anchor, serves both on 127.0.0.1 and returns their URLs. */
export async function startBuiltApps() {
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' })
  const anchorOut = mkdtempSync(join(tmpdir(), 'kathelia-anchor-'))
  await build({
    root: 'bench/anchor',
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: anchorOut, emptyOutDir: true },
  })
  const [appPort, anchorPort] = [await freePort(), await freePort()]
  const app = `http://127.0.0.1:${appPort}`
  // `vite preview` runs the built Worker in workerd and reads .dev.vars beside the built config.
  const vars = { ...exampleVars(), APP_ORIGINS: app }
  writeFileSync(
    'dist/kathelia/.dev.vars',
    Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  )
  const server = await preview({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    preview: { port: appPort, host: '127.0.0.1', strictPort: true },
  })
  const anchorServer = await serveStatic(anchorOut, anchorPort)
  return {
    app,
    anchor: `http://127.0.0.1:${anchorPort}`,
    appRoot: resolve('dist/client'),
    anchorRoot: anchorOut,
    async close() {
      anchorServer.close()
      await server.close()
    },
  }
}

export async function runSignInBundleBench(browser: Browser, runs = 5) {
  const apps = await startBuiltApps()
  try {
    const ours: PageLoad[] = []
    const anchor: PageLoad[] = []
    for (let i = 0; i < runs; i++) {
      ours.push(
        await measurePage(browser, apps.app, 'h1:text("Sign in to your account")', apps.appRoot),
      )
      anchor.push(
        await measurePage(
          browser,
          apps.anchor,
          'h1:text("Sign in to your account")',
          apps.anchorRoot,
        ),
      )
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const kb = (b: number) => b / 1024
    console.log(
      '\nSign-in screen (initial JavaScript, gzip level 9; time to the heading, median of',
      runs,
      'cold loads)',
    )
    console.log(
      ratioLine(
        'initial JS',
        kb(ours[0].jsGzipBytes),
        kb(anchor[0].jsGzipBytes),
        'KB',
        '≤ 120 KB, aim 105',
      ),
    )
    console.log(
      ratioLine(
        'time to sign-in heading',
        median(ours.map((r) => r.readyMs)),
        median(anchor.map((r) => r.readyMs)),
        'ms',
      ),
    )
    console.log(
      `budget: ${fmt(kb(ours[0].jsGzipBytes), 1)} KB of 120 KB → ${ours[0].jsGzipBytes <= 120 * 1024 ? 'within' : 'OVER'}`,
    )
  } finally {
    await apps.close()
  }
}
