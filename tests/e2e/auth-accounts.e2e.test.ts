import { TEXTS } from '../../shared/texts'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { useAppAndBrowser, useFreshTab } from './helpers/app'
import { allowNumbered, isRetry, numberedEmail } from './helpers/attempts'
import {
  fillRegistration,
  openRegister,
  readNotice,
  registerField,
  signInWith,
  submitRegistration,
  TITLES,
  visible,
  type RegistrationFields,
} from './helpers/auth-screen'
import {
  authCard,
  readOutbox,
  registerViaUi,
  signedInMarker,
  signInViaUi,
  verificationLink,
} from './helpers/users'

// One allowlisted person's way in through the signed-out screen (spec sections 2, 4, 8):
// registered, refused while unverified, verified by the emailed link, signed in. Each step needs
// the one before; each runs in a fresh browser context, so no cookie is carried over.
// A retry that needs a new account (the address is taken once registered, a used link does not
// verify again) makes one under the next numbered address, which the later steps then use.
const DUMMY = 'dummy@kathelia.test'
const app = useAppAndBrowser(allowNumbered(DUMMY, 6))
const tab = useFreshTab(app)

const PASSWORD = 'Str0ng!pass'
let accounts = 0
let dee: RegistrationFields
/** Dee under the next numbered address. */
const nextDee = (): RegistrationFields => ({
  email: numberedEmail(DUMMY, ++accounts),
  firstname: 'Dee',
  lastname: 'Dummy',
  password: PASSWORD,
  confirmPassword: PASSWORD,
})

const poll = (page: Page) => expect.poll(() => readNotice(page), { timeout: 15_000 })
const mailsTo = async (email: string) =>
  (await readOutbox(app.server.url)).filter(
    (m) => m.to === email && /^Verify your /.test(m.subject),
  )

/** What the backend answers this browser for GET /account, asked the way the app's probe asks. */
const accountStatus = (page: Page) =>
  page.evaluate(async () => {
    const headers: Record<string, string> = { 'X-Appwrite-Project': 'kathelia' }
    const fallback = localStorage.getItem('cookieFallback')
    if (fallback) headers['X-Fallback-Cookies'] = fallback
    return (await fetch('/v1/account', { credentials: 'include', headers })).status
  })

describe('an account from registration to sign-in in Chromium', () => {
  it('registers with a success notice whose "Resend it." mails again, and clears the form', async () => {
    const { page } = tab
    dee = nextDee()
    await openRegister(page, app.server.url, tab.problems)
    await fillRegistration(page, dee)
    await submitRegistration(page)
    await poll(page).toEqual({
      role: 'status',
      title: 'Registration Successful',
      body: `We sent a verification link to ${dee.email}. Please open it to activate your account. Didn't get it?`,
      actions: ['Resend it.'],
    })
    for (const field of Object.keys(dee) as (keyof RegistrationFields)[])
      expect(await registerField(page, field).inputValue()).toBe('')
    expect(await mailsTo(dee.email)).toHaveLength(1)

    await authCard(page).getByRole('button', { name: 'Resend it.' }).click()
    await poll(page).toEqual({
      role: 'status',
      title: 'Verification Email',
      body: 'The verification email has been resent. Please check your email again.',
      actions: ['Resend it.'],
    })
    await expect.poll(() => mailsTo(dee.email)).toHaveLength(2)
    const [newer, older] = await mailsTo(dee.email)
    expect(newer!.text).not.toBe(older!.text)
  })

  it('refuses an unverified sign-in with the exact text and leaves no session', async () => {
    const { page } = tab
    await page.goto(app.server.url)
    await signInWith(page, dee.email, PASSWORD)
    await poll(page).toEqual({
      role: 'alert',
      title: 'Login',
      body: 'Please verify your email first before attempting to login to Kathelia',
      actions: ['Resend it.'],
    })
    expect(await accountStatus(page)).toBe(401)

    await page.reload()
    await visible(page.getByRole('heading', { name: TITLES.signIn }), tab.problems)
    expect(await signedInMarker(page).count()).toBe(0)
    expect(await readNotice(page)).toBeNull()
  })

  it('says why a wrong password is refused, under "Login"', async () => {
    const { page } = tab
    await page.goto(app.server.url)
    await signInWith(page, dee.email, `${PASSWORD}x`)
    await poll(page).toEqual({
      role: 'alert',
      title: 'Login',
      body: 'Invalid credentials. Please check the email and password.',
      actions: [],
    })
    expect(await accountStatus(page)).toBe(401)
  })

  it('shows a failed verification under "Account Verification"', async () => {
    const link = new URL(await verificationLink(app.server.url, dee.email))
    link.searchParams.set('secret', 'not-the-secret')
    await tab.page.goto(link.toString())
    await poll(tab.page).toEqual({
      role: 'alert',
      title: 'Account Verification',
      // The backend's "Invalid token passed in the request.", in words for a person.
      body: TEXTS.verificationLinkUsed,
      actions: [],
    })
    // A failed verification leaves the address at "/" too: a reload must not replay the link.
    const url = new URL(tab.page.url())
    expect(url.pathname + url.search).toBe('/')
  })

  it('verifies from the emailed link behind a full-screen spinner, then lands on /', async (ctx) => {
    const { page } = tab
    // The first attempt may have used the link: its retry verifies an account of its own.
    if (isRetry(ctx)) {
      dee = nextDee()
      const { firstname, lastname, email, password } = dee
      await registerViaUi(page, app.server.url, {
        name: `${firstname} ${lastname}`,
        email,
        password,
      })
    }
    // Hold the confirmation until the spinner has been seen, so its check does not race.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/auth/verify', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(await verificationLink(app.server.url, dee.email))
    const spinner = page.getByRole('status').filter({ hasText: 'Verifying your account' })
    await visible(spinner, tab.problems)
    await expect
      .poll(() => spinner.getByRole('listitem').allTextContents())
      .toEqual([
        '… Looking up your account (in progress)',
        '○ Recording the verification (to do)',
        '○ Confirming your email (to do)',
        '○ Joining Kathelia (to do)',
        '○ Setting up your status (to do)',
      ])
    expect(await authCard(page).count()).toBe(0)
    release()
    await poll(page).toEqual({
      role: 'status',
      title: 'Account Verification',
      body: 'Congratulations! Your account has been verified!',
      actions: [],
    })
    const url = new URL(page.url())
    expect(url.pathname + url.search).toBe('/')
  })

  it('signs in and shows the not-found page at /404 and an unknown path', async () => {
    const { page } = tab
    await signInViaUi(page, app.server.url, dee.email, PASSWORD)
    expect(await accountStatus(page)).toBe(200) // the check the refusals above rely on
    for (const path of ['/404', '/no-such-page']) {
      await page.goto(`${app.server.url}${path}`)
      await visible(page.getByRole('heading', { name: 'Page not found' }), tab.problems)
      expect(await signedInMarker(page).count()).toBe(1)
    }
    await page.getByRole('link', { name: 'Back home' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0)
  })
})
