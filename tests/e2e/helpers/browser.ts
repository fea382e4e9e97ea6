import { chromium, type Browser, type Page } from 'playwright-core'

// Debian's Chromium (playwright-core brings no browser). `npm test` resolves and exports
// CHROMIUM_PATH; a direct `vitest run` falls back to the Debian path.
const ARGS = [
  '--no-sandbox', // CI runs as root, where Chromium's sandbox refuses to start
  '--disable-gpu',
  '--disable-quic',
  // No calls home: the tests must only see traffic to the app under test.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export type TestBrowser = { browser: Browser; close(): Promise<void> }

/**
 * A headless Chromium with a fresh profile: playwright's launch() creates a new temporary
 * user-data-dir for every browser and deletes it on close, so no state leaks between files.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  })
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
