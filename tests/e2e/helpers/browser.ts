import { chromium, type Browser, type Page } from 'playwright-core'
import { provided } from '../../fixtures/provided'

// Chromium reads only the last `--disable-features` switch, so ours repeats the features Playwright
// turns off with its own (tests/e2e/chromium-features.e2e.test.ts checks this list against the
// installed Playwright) and adds three that cost CPU in every browser context and that no test
// looks at: Chromium 156 loads two WebUI omnibox popups per window (a renderer of their own, about
// 0.4 s of CPU per context on the CI machine) and keeps a spare renderer warm for the next tab.
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]
export const UNUSED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'SpareRendererForSitePerProcess',
]

// Debian's Chromium (playwright-core brings no browser). `npm test` resolves and exports
// CHROMIUM_PATH; a direct `vitest run` falls back to the Debian path.
export const ARGS = [
  '--no-sandbox', // CI runs as root, where Chromium's sandbox refuses to start
  '--disable-gpu',
  '--disable-quic',
  // No calls home: the tests must only see traffic to the app under test.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // A microphone that plays a beep (voice messages); a page gets it only where a test grants it.
  '--use-fake-device-for-media-stream',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`,
]

export type TestBrowser = { browser: Browser; close(): Promise<void> }

/** Debian's Chromium, headless, as every test drives it. */
export const launchChromium = () =>
  chromium.launch({ executablePath: chromiumPath(), headless: true, args: ARGS })

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * A Chromium for one test file. In the e2e project it is a connection to the one Chromium of the
 * run (browser-host.ts), which saves a browser start per file; everything a test does happens in
 * contexts of its own (openPage), which share no cookies, storage or cache, and closing the
 * connection closes them. Elsewhere a Chromium of its own, with a fresh temporary profile.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const ws = await provided('browserServer')
  const browser = ws ? await chromium.connect(ws) : await launchChromium()
  return { browser, close: () => browser.close() }
}

export type TestPage = { page: Page; problems: string[]; close(): Promise<void> }

/**
 * A page in its own context (no cookies shared with other tests). `problems` collects uncaught
 * errors and console errors so a failing assertion can say why the SPA did not render.
 */
export async function openPage(browser: Browser): Promise<TestPage> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`))
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`)
  })
  return { page, problems, close: () => context.close() }
}
