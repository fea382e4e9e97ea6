import { readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  ARGS,
  chromiumPath,
  PLAYWRIGHT_DISABLED_FEATURES,
  UNUSED_FEATURES,
} from './helpers/browser'

// The browser tests pass a `--disable-features` of their own, which replaces Playwright's (Chromium
// reads the last one). This file keeps that honest when Playwright or Chromium is upgraded.

/**
 * Chromium started as the tests start it, with these args, and the features it was told to turn
 * off: the last `--disable-features` of its process's command line.
 */
async function launched(args: string[]) {
  const server = await chromium.launchServer({
    executablePath: chromiumPath(),
    headless: true,
    args,
  })
  onTestFinished(() => server.close())
  const argv = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0')
  const last = argv.filter((a) => a.startsWith('--disable-features=')).at(-1) ?? ''
  const disabled = last.slice('--disable-features='.length).split(',').filter(Boolean)
  return { browser: await chromium.connect(server.wsEndpoint()), disabled }
}

describe('the browser tests’ Chromium switches', () => {
  it('keep every feature Playwright turns off', async () => {
    const plain = await launched(ARGS.filter((a) => !a.startsWith('--disable-features=')))
    expect(plain.disabled.length).toBeGreaterThan(0)
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(plain.disabled))
  })

  it('open a context without the browser’s own WebUI pages', async () => {
    const { browser, disabled } = await launched(ARGS)
    expect(disabled).toEqual([...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES])
    const context = await browser.newContext()
    await (await context.newPage()).goto('about:blank')
    const cdp = await browser.newBrowserCDPSession()
    const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] })
    expect(targetInfos.map((t) => t.url).filter((url) => url.startsWith('chrome://'))).toEqual([])
  })
})
