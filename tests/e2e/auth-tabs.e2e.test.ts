import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { STORAGE_KEY } from '../../shared/constants'
import { useAppAndBrowser } from './helpers/app'
import { openPage, type TestPage } from './helpers/browser'
import { ADA } from './helpers/pair'
import { registerVerifiedViaApi, signInViaApi } from './helpers/register-api'
import { authCard, signedInMarker, signInViaUi } from './helpers/users'
import { APP_SCRIPT, holdRequests, SIGN_IN_SCRIPT } from './helpers/page-watch'

// One person, a laptop with two tabs and a phone. A tab still on the sign-in screen while its
// browser signed in from another tab: it follows, and signing in there anyway never ends the
// sessions of other devices (it once ended every session of the account, the phone's too).
const app = useAppAndBrowser()
let phone: TestPage
let laptop: TestPage

beforeAll(async () => {
  await registerVerifiedViaApi(app.server.url, ADA)
  phone = await openPage(app.chrome.browser)
  laptop = await openPage(app.chrome.browser)
  await signInViaApi(phone.page, app.server.url, ADA.email, ADA.password)
}, 120_000)

/** Whether the page's browser still holds a valid session (the account answers). */
const sessionHolds = (page: Page) =>
  page.evaluate(
    async () =>
      (await fetch('/v1/account', { headers: { 'x-appwrite-project': 'kathelia' } })).status ===
      200,
  )

describe('tabs of one browser, and another device', () => {
  it('a tab on the sign-in screen follows its browser signing in from another tab', async () => {
    // Signed out to begin with (a retry finds the first attempt's session).
    await laptop.page.context().clearCookies()
    const second = await laptop.page.context().newPage()
    try {
      await second.goto(app.server.url)
      await authCard(second).waitFor()
      await signInViaUi(laptop.page, app.server.url, ADA.email, ADA.password)
      await signedInMarker(second).waitFor({ timeout: 20_000 })
      expect(await sessionHolds(phone.page)).toBe(true)
    } finally {
      await second.close()
    }
  })

  it("a tab whose sign-in screen's chunk was still on its way follows too", async () => {
    // A browser of its own (no service worker yet, which would serve the chunk past the hold).
    const context = await app.chrome.browser.newContext()
    try {
      const [waiting, other] = [await context.newPage(), await context.newPage()]
      const release = await holdRequests(waiting, SIGN_IN_SCRIPT)
      // The app's script too until the drawing is up: an app that ran before the page's own
      // question was answered shows its spinner instead, and asks the server itself later.
      const releaseApp = await holdRequests(waiting, APP_SCRIPT)
      const ran = waiting.waitForResponse((r) => APP_SCRIPT.test(new URL(r.url()).pathname))
      await waiting.goto(app.server.url, { waitUntil: 'commit' })
      await waiting.locator('#auth-paint h1').waitFor()
      releaseApp()
      await ran
      // The app has run and found nobody signed in (its state stored so), its screen held.
      await waiting.waitForFunction(
        (key) => JSON.parse(localStorage.getItem(key) ?? '{}').isLoading === false,
        STORAGE_KEY,
      )
      // Signed in from the other tab while the screen's chunk is held: its event is missed.
      await signInViaUi(other, app.server.url, ADA.email, ADA.password)
      await signedInMarker(other).waitFor()
      release()
      // At once, from what the browser stored: it took some 20 s before (a later check's).
      await signedInMarker(waiting).waitFor({ timeout: 8_000 })
    } finally {
      await context.close()
    }
  })

  it('signing in on a stale sign-in screen keeps the session of the browser and of the phone', async () => {
    // The laptop's session made outside the page (no other tab told this one): its sign-in
    // screen is stale, the browser signed in.
    const stale = await laptop.page.context().newPage()
    try {
      await laptop.page.context().clearCookies()
      await stale.goto(app.server.url)
      await authCard(stale).waitFor()
      const res = await fetch(new URL('/v1/account/sessions/email', app.server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'kathelia' },
        body: JSON.stringify({ email: ADA.email, password: ADA.password }),
      })
      expect(res.status).toBe(201)
      const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!
      const at = cookie.indexOf('=')
      await laptop.page
        .context()
        .addCookies([
          { name: cookie.slice(0, at), value: cookie.slice(at + 1), url: app.server.url },
        ])
      const card = authCard(stale)
      await card.getByLabel('Email', { exact: true }).fill(ADA.email)
      await card.getByLabel('Password', { exact: true }).fill(ADA.password)
      await card.getByRole('button', { name: 'Sign in', exact: true }).click()
      await signedInMarker(stale).waitFor({ timeout: 20_000 })
      expect(await sessionHolds(phone.page)).toBe(true)
      expect(await sessionHolds(stale)).toBe(true)
    } finally {
      await stale.close()
    }
  })
})
