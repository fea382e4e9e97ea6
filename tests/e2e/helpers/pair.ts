import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { startAppServer, type AppServer } from '../../fixtures/app-server'
import { launchBrowser, openPage, type TestBrowser, type TestPage } from './browser'
import { registerVerifiedViaApi, signInViaApi } from './register-api'
import { registerViaUi, signInViaUi, verificationLink, verifyViaLink, type NewUser } from './users'

// Ada (the admin) and Ben (on the special list) in two browser contexts against one real server.

export const ADA: NewUser = {
  name: 'Ada Lovelace',
  email: 'ada@kathelia.test',
  password: 'Analytical-Engine-1843',
}
export const BEN: NewUser = {
  name: 'Ben Franklin',
  email: 'ben@kathelia.test',
  password: 'Lightning-Kite-1752',
}

export type Pair = {
  server: AppServer
  chrome: TestBrowser
  ada: TestPage
  ben: TestPage
  close(): Promise<void>
}

/** A fresh server and browser with one context (page) for Ada and one for Ben, both signed out. */
export async function startPair(vars: Record<string, string> = {}): Promise<Pair> {
  const [server, chrome] = await Promise.all([startAppServer(vars), launchBrowser()])
  const [ada, ben] = await Promise.all([openPage(chrome.browser), openPage(chrome.browser)])
  return {
    server,
    chrome,
    ada,
    ben,
    async close() {
      await chrome.close()
      await server.close()
    },
  }
}

/**
 * Both register through the UI and verify with their mailed links, side by side; then both sign
 * in. Everyone exists before the first sign-in, so each finds the other as their chatee.
 */
export async function onboardPair({ server, ada, ben }: Pair): Promise<void> {
  await Promise.all(
    [
      [ada, ADA],
      [ben, BEN],
    ].map(async ([tab, user]) => {
      const { page } = tab as TestPage
      const { email } = user as NewUser
      await registerViaUi(page, server.url, user as NewUser)
      await verifyViaLink(page, await verificationLink(server.url, email))
    }),
  )
  await Promise.all([
    signInViaUi(ada.page, server.url, ADA.email, ADA.password),
    signInViaUi(ben.page, server.url, BEN.email, BEN.password),
  ])
}

/**
 * As onboardPair, but through the HTTP calls of the registration form, the mailed link and the
 * sign-in form (register-api.ts) rather than in the browser, which saves each file three page
 * loads and three forms per person; each then opens the app signed in.
 */
export async function onboardPairViaApi({ server, ada, ben }: Pair): Promise<void> {
  await Promise.all([ADA, BEN].map((user) => registerVerifiedViaApi(server.url, user)))
  await Promise.all([
    signInViaApi(ada.page, server.url, ADA.email, ADA.password),
    signInViaApi(ben.page, server.url, BEN.email, BEN.password),
  ])
}

/**
 * A pair for one test file: started and onboarded (onboardPairViaApi) before its tests (a file's own beforeAll runs
 * after this one), closed after them. Read its fields inside tests and hooks.
 */
export function useOnboardedPair(vars: Record<string, string> = {}): Pair {
  const pair = {} as Pair
  beforeAll(async () => {
    Object.assign(pair, await startPair(vars))
    await onboardPairViaApi(pair)
  }, 150_000)
  afterAll(async () => {
    await pair.close?.()
  })
  return pair
}

/** The open chat's message list (an accessible live log). */
export const messageLog = (page: Page): Locator => page.getByRole('log')

/** One message's text in the log, matched whole. */
export const messageInLog = (page: Page, text: string): Locator =>
  messageLog(page).locator('.msg-text').getByText(text, { exact: true })

/** One message's row once the server has stored it: from then on it has its "⋯" and reactions. */
export const storedInLog = (page: Page, text: string): Locator =>
  messageLog(page)
    .locator('.msg.sent')
    .filter({ has: page.locator('.msg-text').getByText(text, { exact: true }) })

/** Types into the composer like a person and sends with Enter. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.pressSequentially(text)
  await box.press('Enter')
}

/** The chat partner's presence label in the header ("Online", "Away", "Offline"). */
export const chateePresence = (page: Page): Locator =>
  page.getByLabel('Chat partner').locator('.presence-label')

/** Waits until the header shows the chat partner with exactly this presence. */
export const presenceShown = (page: Page, label: 'Online' | 'Away' | 'Offline', timeout?: number) =>
  chateePresence(page)
    .filter({ hasText: new RegExp(`^${label}$`) })
    .waitFor({ timeout })

/** Waits for the open chat's title (the page's h1). */
export const chatTitle = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor()

/**
 * Hides or shows the tab the way the browser reports it to the page. Headless Chromium keeps
 * every tab "visible" (no occlusion, minimising or tab switching changes it), so hiding shadows
 * document.hidden / visibilityState and fires visibilitychange, as a tab switch would; showing
 * removes the shadows again, so a later real change (closing the tab) reads the browser's own.
 */
export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hide) => {
    if (hide) {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      })
    } else {
      delete (document as { hidden?: boolean }).hidden
      delete (document as { visibilityState?: string }).visibilityState
    }
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

/** Switches the admin view in the profile menu (the admin's only), then closes the menu. */
export async function setAdminView(page: Page, on: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click()
  const toggle = page.getByRole('menuitemcheckbox', { name: 'Admin' })
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click()
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(on))
  await page.keyboard.press('Escape')
}
