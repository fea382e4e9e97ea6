import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { startCaptureServer, type CaptureServer } from '../fixtures/capture-server'
import { useAppAndBrowser } from './helpers/app'
import { TITLES, visible } from './helpers/auth-screen'
import { launchBrowser, openPage, type TestBrowser, type TestPage } from './helpers/browser'

// The SPA's Sentry, with Sentry played by a capture server behind the Worker's /monitoring tunnel.
// The dev server serves the SDK as /web/lib/sentry.ts and /node_modules/.vite/deps/@sentry_*.js,
// so any URL naming "sentry" is Sentry code.
const SENTRY_CODE = /sentry/i

/** Every request of the tab, and (on the page's own clock) when each Sentry module was requested. */
async function watch(page: Page) {
  const requests: Request[] = []
  page.on('request', (r) => void requests.push(r))
  // An observer, not getEntries(): the dev server's many modules overflow the timing buffer.
  await page.addInitScript(() => {
    const starts: number[] = ((window as unknown as { sentryStarts: number[] }).sentryStarts = [])
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (/sentry/i.test(e.name)) starts.push(e.startTime)
    }).observe({ type: 'resource', buffered: true })
  })
  return requests
}

/** An envelope's lines, parsed: its header, then each item's header and payload. */
const parse = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))

/** The trace names of the envelopes carrying spans (SDK 11 streams spans, not transactions). */
function tracedNames(captured: CaptureServer['requests']): string[] {
  return captured
    .filter((r) => r.path === '/api/7/envelope/')
    .map((r) => parse(r.body))
    .filter((lines) => lines.some((l, i) => i % 2 && /^(span|transaction)$/.test(l.type)))
    .map(([header]) => header.trace?.transaction)
}

/** The sentry-trace header of a fetch from the page to `url`, as the browser sent it. */
async function traceHeader(page: Page, url: string) {
  const [req] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/health')),
    page.evaluate((u) => fetch(u).then(String, String), url),
  ])
  return (await req.allHeaders())['sentry-trace']
}

/**
 * Resolves once the page's own SDK is up: its relative fetches carry a `sentry-trace` header. A
 * trace of "/" at the capture server can be the page before's, flushed as it was left.
 */
const sdkUp = (page: Page) =>
  expect
    .poll(() => traceHeader(page, '/health'), { timeout: 15_000 })
    .toMatch(/^[0-9a-f]{32}-[0-9a-f]{16}/)

/** Throws in a task of its own, so the error reaches window.onerror as an uncaught one would. */
const throwInPage = (page: Page, message: string) =>
  page.evaluate(
    (m) =>
      void setTimeout(() => {
        throw new Error(m)
      }),
    message,
  )

describe('monitoring without a DSN', () => {
  const app = useAppAndBrowser()
  let tab: TestPage
  afterAll(async () => tab?.close())

  it('downloads no Sentry code and sends nothing to /monitoring', async () => {
    tab = await openPage(app.chrome.browser)
    const requests = await watch(tab.page)
    await tab.page.goto(app.server.url)
    await visible(tab.page.getByRole('heading', { name: TITLES.signIn }), tab.problems)
    // With a DSN the SDK is requested right after the first paint; by network idle it would be.
    await tab.page.waitForLoadState('networkidle')
    const urls = requests.map((r) => r.url())
    expect(urls).toContain(`${app.server.url}/`)
    expect(
      urls.filter((u) => SENTRY_CODE.test(u) || new URL(u).pathname === '/monitoring'),
    ).toEqual([])
  })
})

describe('monitoring with a DSN', () => {
  let sentry: CaptureServer
  let server: AppServer
  let chrome: TestBrowser
  let tab: TestPage
  let requests: Request[]
  beforeAll(async () => {
    sentry = await startCaptureServer()
    const dsn = `http://publickey@127.0.0.1:${sentry.port}/7`
    server = await startAppServer({ SENTRY_DSN: dsn }, { spaEnv: { VITE_SENTRY_DSN: dsn } })
    chrome = await launchBrowser()
    tab = await openPage(chrome.browser)
    requests = await watch(tab.page)
  })
  afterAll(async () => {
    await tab?.close()
    await chrome?.close()
    await server?.close()
    await sentry?.close()
  })

  it('loads Sentry after the first paint and tunnels an error with the release', async () => {
    const { page } = tab
    // What this attempt's page sends: a retry's page loads the SDK again.
    const from = sentry.requests.length
    const boom = `kathelia-e2e-boom-${from}`
    await page.goto(server.url)
    await visible(page.getByRole('heading', { name: TITLES.signIn }), tab.problems)
    // The SDK up, and the pageload trace of "/" sent. "First paint" is the browser's
    // first-paint entry: the SDK comes after the app's first frame, not after the sign-in card.
    await sdkUp(page)
    await expect
      .poll(() => tracedNames(sentry.requests.slice(from)), { timeout: 15_000 })
      .toContain('/')
    const order = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-paint')[0]?.startTime,
      sentry: (window as unknown as { sentryStarts: number[] }).sentryStarts,
    }))
    expect(order.paint).toBeGreaterThan(0)
    expect(order.sentry.length).toBeGreaterThan(0)
    for (const start of order.sentry) expect(start).toBeGreaterThan(order.paint!)

    await throwInPage(page, boom)
    const [sent] = await sentry.waitFor(1, (r) => r.body.includes(boom))
    expect(sent.body).toContain('"release":"kathelia@1.0.7"')

    const tunnel = requests.filter((r) => new URL(r.url()).pathname === '/monitoring')
    expect(tunnel.length).toBeGreaterThanOrEqual(2)
    for (const r of tunnel) expect(r.url()).toBe(`${server.url}/monitoring?o=&p=7`)
    const elsewhere = requests.map((r) => new URL(r.url())).filter((u) => u.protocol !== 'data:')
    expect(elsewhere.filter((u) => u.origin !== server.url).map(String)).toEqual([])
  })

  it('adds tracing headers to relative paths only', async () => {
    // Once the SDK is up: it loads after the first paint, and a retry of the test before loads
    // the page again.
    await sdkUp(tab.page)
    const from = sentry.requests.length
    // Cross-origin: the browser would send a CORS preflight first if the SDK had added the header.
    expect(await traceHeader(tab.page, `${sentry.url}/health`)).toBeUndefined()
    const direct = await sentry.waitFor(
      1,
      (r) => r.path === '/health' && sentry.requests.indexOf(r) >= from,
    )
    expect(direct.map((r) => [r.method, r.headers['sentry-trace']])).toEqual([['GET', undefined]])
  })

  it('never samples a trace on /404, while "/" sends its spans', async () => {
    const { page } = tab
    await page.goto(`${server.url}/404`)
    await visible(page.getByRole('heading', { name: TITLES.signIn }), tab.problems)
    // Once the SDK is up, the header carries the /404 pageload's sampling decision: "-0", no.
    await sdkUp(page)
    expect(await traceHeader(page, '/health')).toMatch(/-0$/)
    await throwInPage(page, 'kathelia-e2e-404')
    const [sent] = await sentry.waitFor(1, (r) => r.body.includes('kathelia-e2e-404'))
    expect(parse(sent.body)[0].trace).toMatchObject({
      transaction: '/404',
      sampled: 'false',
    })
    expect(tracedNames(sentry.requests)).toContain('/')
    expect(tracedNames(sentry.requests)).not.toContain('/404')
  })
})
