import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEXTS } from '../../shared/texts'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { withServerKey } from './helpers/app'
import { allowNumbered, numberedEmail } from './helpers/attempts'
import { launchBrowser, openPage, type TestBrowser, type TestPage } from './helpers/browser'
import { readNotice, signInWith, TITLES, visible } from './helpers/auth-screen'
import {
  authCard,
  readOutbox,
  registerViaUi,
  signedInMarker,
  signInViaUi,
  verificationLink,
  verifyViaLink,
} from './helpers/users'

// The ways a sign-in is refused or ends, for one person (the dummy address): a lost verification
// mail, a session ended behind the page's back, and an address taken off the allowlist (the
// server restarted with a shorter ALLOWED_EMAILS on the same state). Each attempt of the first
// test registers her under a numbered address of her own (a second registration is refused).
const DUMMY = 'dummy@kathelia.test'
let registrations = 0
let dee = { name: 'Dee Dummy', email: DUMMY, password: 'Str0ng!pass' }
const state = mkdtempSync(join(tmpdir(), 'kathelia-refusals-'))
let server: AppServer
let chrome: TestBrowser

beforeAll(async () => {
  ;[server, chrome] = await Promise.all([
    startAppServer(allowNumbered(DUMMY, 3), { stateDir: state }),
    launchBrowser(),
  ])
})
afterAll(async () => {
  await chrome?.close()
  await server?.close()
  rmSync(state, { recursive: true, force: true })
})

/** A fresh context per step: nothing carries over but what the server keeps. */
async function inFreshTab(run: (tab: TestPage) => Promise<void>) {
  const tab = await openPage(chrome.browser)
  try {
    await run(tab)
  } finally {
    await tab.close()
  }
}

const poll = (page: Page) => expect.poll(() => readNotice(page), { timeout: 15_000 })
const verificationMails = async () =>
  (await readOutbox(server.url)).filter((m) => m.to === dee.email && /^Verify /.test(m.subject))

/** GET /v1/account as this browser: 401 once no session is left. */
const accountStatus = (page: Page) =>
  page.evaluate(
    async () =>
      (await fetch('/v1/account', { headers: { 'X-Appwrite-Project': 'kathelia' } })).status,
  )

const storedState = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('global-state') ?? 'null'))

/** Dee types her credentials on the sign-in screen (a refusal is expected). */
async function signInAsDee(page: Page, problems: string[]) {
  await page.goto(server.url)
  await visible(page.getByRole('heading', { name: TITLES.signIn }), problems)
  await signInWith(page, dee.email, dee.password)
}

describe('refused and ended sign-ins', () => {
  it('a lost verification mail: the unverified sign-in offers "Resend it.", whose link works', async () => {
    dee = { ...dee, email: numberedEmail(DUMMY, ++registrations) }
    await inFreshTab(({ page }) => registerViaUi(page, server.url, dee))
    // The first mail is lost; later, in another browser, Dee tries to sign in.
    await inFreshTab(async ({ page, problems }) => {
      await signInAsDee(page, problems)
      await poll(page).toEqual({
        role: 'alert',
        title: 'Login',
        body: TEXTS.unverifiedEmail,
        actions: ['Resend it.'],
      })
      await authCard(page).getByRole('button', { name: 'Resend it.' }).click()
      await poll(page).toEqual({
        role: 'status',
        title: 'Verification Email',
        body: TEXTS.resent,
        actions: ['Resend it.'],
      })
      expect(await verificationMails()).toHaveLength(2)
      // The resend signed in only for a moment.
      expect(await accountStatus(page)).toBe(401)
      await verifyViaLink(page, await verificationLink(server.url, dee.email))
      await signInViaUi(page, server.url, dee.email, dee.password)
    })
  }, 120_000)

  it('a session ended elsewhere: the next load is signed out, with the location kept', async () => {
    await inFreshTab(async ({ page, problems }) => {
      await signInViaUi(page, server.url, dee.email, dee.password)
      // The app stores where the user is once the server has resolved it from the request.
      await expect
        .poll(async () => (await storedState(page))?.location, { timeout: 20_000 })
        .toBeTruthy()
      const before = await storedState(page)
      const ended = await withServerKey(
        server.url,
        'DELETE',
        `/users/${before.account.$id}/sessions`,
      )
      expect(ended.status).toBe(204)
      await page.reload()
      await visible(page.getByRole('heading', { name: TITLES.signIn }), problems)
      expect(await signedInMarker(page).count()).toBe(0)
      expect(await storedState(page)).toMatchObject({
        account: null,
        status: null,
        chatee: null,
        chateeStatus: null,
        flags: { isAdmin: false, showAdmin: false, list: 'other' },
        location: before.location,
      })
    })
  }, 90_000)

  it('an address taken off the allowlist: signing in says it is not authorized and ends the session', async () => {
    await server.close()
    server = await startAppServer(
      { ALLOWED_EMAILS: 'ada@kathelia.test,ben@kathelia.test' },
      { stateDir: state },
    )
    await inFreshTab(async ({ page, problems }) => {
      await signInAsDee(page, problems)
      await poll(page).toEqual({
        role: 'alert',
        title: 'Login',
        body: TEXTS.notAuthorized,
        actions: [],
      })
      expect(await accountStatus(page)).toBe(401)
      expect(await signedInMarker(page).count()).toBe(0)
    })
  }, 120_000)
})
