import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { startCaptureServer, type Captured, type CaptureServer } from '../fixtures/capture-server'
import { launchBrowser, openPage, type TestBrowser, type TestPage } from './helpers/browser'
import { ADA } from './helpers/pair'
import { onboardViaUi } from './helpers/users'

// /breaches as Ada uses it, against a local stand-in for LeakCheck's public API: her own
// address is checked by default, the result and the sources are listed, newest first.
const SOURCES = [
  { name: 'Kite.example', date: '2019-04' },
  { name: 'Almanac.example', date: '2021-11' },
]
const hash24 = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 24)
let leak: CaptureServer
let app: AppServer
let chrome: TestBrowser
let tab: TestPage
// Checks made so far: a retry of the first test makes one more.
let checks = 0

function leakAnswer(req: Captured) {
  const check = req.query.get('check') ?? ''
  if (req.method !== 'GET' || req.path !== '/api/public' || !/^[0-9a-f]{24}$/.test(check))
    return { status: 400, json: { success: false, error: 'wrong call' } }
  if (check === hash24(ADA.email)) return { json: { success: true, found: 2, sources: SOURCES } }
  return { json: { success: false, error: 'Not found' } }
}

beforeAll(async () => {
  leak = await startCaptureServer()
  leak.fallback = leakAnswer
  ;[app, chrome] = await Promise.all([
    startAppServer({ LEAKCHECK_URL: `${leak.url}/api/public` }),
    launchBrowser(),
  ])
  tab = await openPage(chrome.browser)
  await onboardViaUi(tab.page, app.url, ADA)
}, 150_000)

afterAll(async () => {
  await tab?.close()
  await chrome?.close()
  await app?.close()
  await leak?.close()
})

describe('breaches', () => {
  it('checks Ada’s own address and lists the check with its sources', async () => {
    const { page } = tab
    const first = checks === 0
    await page.goto(new URL('/breaches', app.url).toString())
    const form = page.getByRole('region', { name: 'Check an address' })
    expect(await form.getByLabel('Email address').inputValue()).toBe(ADA.email)
    if (first) await page.getByText('No checks yet.').waitFor()
    else await page.getByRole('list', { name: 'Past checks' }).waitFor()
    await form.getByRole('button', { name: 'Check' }).click()
    checks++
    await form
      .getByRole('alert')
      .filter({ hasText: `${ADA.email} appears in 2 known breaches` })
      .waitFor()
    // The newest check's (a retry's first attempt listed one before it).
    const sources = page.getByRole('list', { name: `Breaches of ${ADA.email}` }).first()
    // The sources list renders beside the alert, not necessarily in the same frame.
    await expect
      .poll(() => sources.getByRole('listitem').allInnerTexts())
      .toEqual(['Kite.example (2019-04)', 'Almanac.example (2021-11)'])
    expect(leak.requests).toHaveLength(checks)
  })

  it('refuses another person’s address with the server’s message', async () => {
    const form = tab.page.getByRole('region', { name: 'Check an address' })
    await form.getByLabel('Email address').fill('eve@evil.test')
    // Sent from the keyboard: the focus stays on the button while it checks (aria-disabled, where
    // `disabled` dropped it to the page).
    await form.getByRole('button', { name: 'Check' }).focus()
    await tab.page.keyboard.press('Enter')
    await form
      .getByRole('alert')
      .filter({ hasText: 'You can check only your own email address' })
      .waitFor()
    expect(
      await form
        .getByRole('button', { name: 'Check' })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true)
    expect(leak.requests).toHaveLength(checks)
  })

  it('keeps the checks across a reload', async () => {
    await tab.page.reload()
    const list = tab.page.getByRole('list', { name: 'Past checks' })
    await list.waitFor()
    expect(await list.locator(':scope > li').count()).toBe(checks)
    await tab.page.getByText('Found in 2 breaches').first().waitFor()
  })
})
