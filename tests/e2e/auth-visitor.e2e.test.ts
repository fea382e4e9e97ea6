import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Locator, Page, Request } from 'playwright-core'
import { useAppAndBrowser } from './helpers/app'
import { openPage, type TestPage } from './helpers/browser'
import {
  FIELD_LABELS,
  fillRegistration,
  openRegister,
  PASSWORD_RULE_LABELS,
  passwordMarkers,
  readNotice,
  registerField,
  signInWith,
  submitRegistration,
  TITLES,
  visible,
  type RegistrationFields,
} from './helpers/auth-screen'
import { authCard, readOutbox } from './helpers/users'
import {
  APP_SCRIPT,
  DRAWN_SIGN_IN_SHOWN,
  everHeld,
  holdRequests,
  SIGN_IN_SCRIPT,
} from './helpers/page-watch'
import { RECOVERY_TEXTS } from '../../shared/recovery-texts'
import { ERROR_TITLES, TEXTS } from '../../shared/texts'
import { STORAGE_KEY } from '../../shared/constants'

// The signed-out screen without an account: the registration form's own checks (spec section
// 5), the server's allowlist (no account may come into being), "Forgot password?" and the
// routes a visitor cannot see.
const app = useAppAndBrowser()
let tab: TestPage
let backendCalls: string[]

const VALID: RegistrationFields = {
  email: 'dummy@kathelia.test',
  firstname: 'Dee',
  lastname: 'Dummy',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
}

beforeAll(async () => {
  tab = await openPage(app.chrome.browser)
  tab.page.on('request', (req: Request) => {
    const path = new URL(req.url()).pathname
    if (req.method() !== 'GET' && /^\/(api|v1)\//.test(path)) backendCalls.push(path)
  })
})

afterAll(async () => {
  await tab?.close()
})

/** A fresh registration form: leaving the mode clears the form and its warnings (no reload). */
async function freshRegisterForm() {
  const { page } = tab
  backendCalls = []
  if ((await authCard(page).count()) === 0) await openRegister(page, app.server.url, tab.problems)
  if (await page.getByRole('heading', { name: TITLES.register }).isVisible())
    await authCard(page).getByRole('button', { name: 'Sign in', exact: true }).click()
  await authCard(page).getByRole('button', { name: 'Register', exact: true }).click()
  await visible(page.getByRole('heading', { name: TITLES.register }), tab.problems)
  expect(await readNotice(page)).toBeNull()
}

const RULES = PASSWORD_RULE_LABELS
const expectMarkers = (met: string[]) =>
  expect
    .poll(() => passwordMarkers(tab.page))
    .toEqual(RULES.map((rule) => [rule, met.includes(rule) ? 'met' : 'not met']))

const formError = (body: string) => ({
  role: 'alert',
  title: 'Registration Form Error',
  body,
  actions: [],
})

describe('registration form in Chromium', () => {
  beforeEach(freshRegisterForm)

  it('flips each password rule marker live as the password is typed', async () => {
    await expectMarkers([])
    // An empty field lists the rules neutrally, not as failures; the first key marks them.
    const looks = () =>
      tab.page
        .getByRole('list', { name: 'Password requirements' })
        .locator('li')
        .evaluateAll((items) => items.map((li) => li.className))
    expect(await looks()).toEqual(RULES.map(() => 'pending'))
    const password = registerField(tab.page, 'password')
    await password.pressSequentially('a')
    await expectMarkers(['One lower case letter'])
    expect(await looks()).toEqual(
      RULES.map((rule) => (rule === 'One lower case letter' ? 'pass' : 'fail')),
    )
    await password.pressSequentially('B')
    await expectMarkers(['One lower case letter', 'One upper case letter'])
    await password.pressSequentially('3')
    await expectMarkers(['One lower case letter', 'One upper case letter', 'One number'])
    await password.pressSequentially(' ')
    await expectMarkers(RULES.filter((r) => r !== 'At least 8 characters'))
    await password.pressSequentially('cdef')
    await expectMarkers(RULES)
    await password.press('Backspace')
    await expectMarkers(RULES.filter((r) => r !== 'At least 8 characters'))
    await password.fill('')
    await expectMarkers([])
    expect(await looks()).toEqual(RULES.map(() => 'pending'))
  })

  it('requires every field, checking before any call to the server', async () => {
    for (const field of Object.keys(FIELD_LABELS) as (keyof RegistrationFields)[]) {
      expect(
        await registerField(tab.page, field).evaluate((el: HTMLInputElement) => el.required),
      ).toBe(true)
      await fillRegistration(tab.page, { ...VALID, [field]: '' })
      await submitRegistration(tab.page)
      await expect
        .poll(() => readNotice(tab.page))
        .toEqual(formError('All fields are required - please make sure no fields are left blank.'))
      // The blank field is marked and has the cursor.
      const blank = registerField(tab.page, field)
      expect(await blank.getAttribute('aria-invalid')).toBe('true')
      expect(await blank.evaluate((el) => el === document.activeElement)).toBe(true)
      // Leaving the mode clears the form and its warning, so the next field starts afresh.
      await authCard(tab.page).getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect.poll(() => readNotice(tab.page)).toBeNull()
      await authCard(tab.page).getByRole('button', { name: 'Register', exact: true }).click()
    }
    expect(backendCalls).toEqual([])
  })

  it('warns about mismatching passwords before their complexity', async () => {
    await fillRegistration(tab.page, { ...VALID, password: 'weak', confirmPassword: 'Weak' })
    await submitRegistration(tab.page)
    await expect
      .poll(() => readNotice(tab.page))
      .toEqual(formError('Both passwords provided do not match'))
    const confirm = registerField(tab.page, 'confirmPassword')
    expect(await confirm.getAttribute('aria-invalid')).toBe('true')
    expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true)
    await confirm.fill('weak')
    expect(await confirm.getAttribute('aria-invalid')).toBeNull()
    expect(backendCalls).toEqual([])
  })

  it.each(['password', 'Sh0rt!', 'alllower1!', 'ALLUPPER1!', 'NoDigits!', 'NoSymbol12'])(
    'refuses the weak password %s',
    async (weak) => {
      await fillRegistration(tab.page, { ...VALID, password: weak, confirmPassword: weak })
      await submitRegistration(tab.page)
      await expect
        .poll(() => readNotice(tab.page))
        .toEqual(formError('Your password does not meet the minimum complexity requirements'))
      expect(backendCalls).toEqual([])
    },
  )

  it('refuses an unlisted email with the server error and creates no account', async () => {
    const eve = { ...VALID, email: 'eve@kathelia.test', firstname: 'Eve' }
    await fillRegistration(tab.page, eve)
    await submitRegistration(tab.page)
    await expect
      .poll(() => readNotice(tab.page), { timeout: 15_000 })
      .toEqual({
        role: 'alert',
        title: 'Registration',
        body: 'Your account is not authorized to access our private space',
        actions: [],
      })
    // The notification of spec section 8, as a toast outside the card.
    await visible(
      tab.page
        .getByRole('alert')
        .filter({ hasText: /^RegistrationUnauthorized registration attempt$/ }),
      tab.problems,
    )
    expect(backendCalls).toEqual(['/api/auth/authorized'])
    // The form keeps what was typed, so a typo can be corrected: the address is marked, with
    // the cursor in it.
    const email = registerField(tab.page, 'email')
    expect(await email.inputValue()).toBe(eve.email)
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await readOutbox(app.server.url)).toEqual([])

    // No account exists: signing in with the same credentials is refused as unknown.
    await authCard(tab.page).getByRole('button', { name: 'Sign in', exact: true }).click()
    await signInWith(tab.page, eve.email, eve.password)
    await expect
      .poll(() => readNotice(tab.page), { timeout: 15_000 })
      .toEqual({
        role: 'alert',
        title: 'Login',
        body: 'Invalid credentials. Please check the email and password.',
        actions: [],
      })
  })
})

describe('the rest of the signed-out screen in Chromium', () => {
  it('"Forgot password?" asks for an email in the same card, without navigating', async () => {
    const { page } = tab
    await page.goto(app.server.url)
    await visible(page.getByRole('heading', { name: TITLES.signIn }), tab.problems)
    backendCalls = []
    await authCard(page).getByRole('button', { name: 'Forgot password?' }).click()
    await visible(page.getByRole('heading', { name: RECOVERY_TEXTS.title }), tab.problems)
    await authCard(page).getByRole('button', { name: 'Send reset link' }).click()
    await expect
      .poll(() => readNotice(page))
      .toEqual({
        role: 'alert',
        title: 'Password Reset',
        body: RECOVERY_TEXTS.emailRequired,
        actions: [],
      })
    expect(new URL(page.url()).pathname).toBe('/')
    expect(backendCalls).toEqual([])
    await authCard(page).getByRole('button', { name: 'Sign in', exact: true }).click()
    await visible(page.getByRole('heading', { name: TITLES.signIn }), tab.problems)
  })

  it('offline, a sign-in says so (not "unknown error"), and the notice goes with the network back', async () => {
    const { page } = tab
    await page.goto(app.server.url)
    await visible(page.getByRole('heading', { name: TITLES.signIn }), tab.problems)
    await page.context().setOffline(true)
    try {
      await page
        .getByRole('status')
        .filter({ hasText: 'You are offline. Signing in needs the connection back.' })
        .waitFor()
      await authCard(page).getByLabel('Email').fill('ada@kathelia.test')
      await authCard(page).getByLabel('Password').fill('Any-Password-1')
      await authCard(page).getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect.poll(async () => (await readNotice(page))?.body).toBe(TEXTS.offline)
    } finally {
      await page.context().setOffline(false)
    }
    await expect.poll(() => readNotice(page)).toBeNull()
  })

  it('a toast whose script cannot load leaves the screen as it was; the next one shows', async () => {
    // A page of its own: the shared tab has the toast library in already.
    const own = await openPage(app.chrome.browser)
    try {
      const { page } = own
      const toastScript = /\/assets\/toast-host-[\w-]+\.js$/
      let refused = 0
      await page.route(toastScript, (route) => (refused++, route.abort()))
      await openRegister(page, app.server.url, own.problems)
      const eve = { ...VALID, email: 'eve@kathelia.test', firstname: 'Eve' }
      await fillRegistration(page, eve)
      await submitRegistration(page)
      // The card says it; the toast could not come, and took nothing with it.
      await expect.poll(async () => (await readNotice(page))?.body).toBe(TEXTS.notAuthorized)
      await expect.poll(() => refused).toBeGreaterThan(0)
      await page.waitForTimeout(300)
      expect(await page.getByRole('heading', { name: TITLES.register }).isVisible()).toBe(true)
      await page.unroute(toastScript)
      await submitRegistration(page)
      await visible(
        page
          .getByRole('alert')
          .filter({ hasText: /^RegistrationUnauthorized registration attempt$/ }),
        own.problems,
      )
    } finally {
      await own.close()
    }
  })

  it('shows a visitor the sign-in screen in place of /404 and an unknown path', async () => {
    const { page } = tab
    for (const path of ['/404', '/no-such-page']) {
      await page.goto(`${app.server.url}${path}`)
      await visible(page.getByRole('heading', { name: TITLES.signIn }), tab.problems)
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0)
      expect(new URL(page.url()).pathname).toBe(path)
    }
  })
  it('asks "anybody signed in?" while the app\'s script is on its way, once, shows the drawn sign-in screen meanwhile and no spinner', async () => {
    const visitor = await openPage(app.chrome.browser)
    try {
      const { page, problems } = visitor
      const probes: string[] = []
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/v1/account') probes.push(req.method())
      })
      // The app's script is held: a question the script asks cannot leave before it is released.
      const release = await holdRequests(page, APP_SCRIPT)
      // Whether a "Loading" spinner is ever drawn before the sign-in screen.
      const spun = await everHeld(page, `document.querySelector('.fullscreen-spinner')`)
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/account')
      await page.goto(app.server.url, { waitUntil: 'commit' })
      await expect.poll(() => probes, { timeout: 15_000 }).toEqual(['GET'])
      expect((await answered).status()).toBe(401)
      // Answered "nobody" while the script is still held: the sign-in screen drawn into the page
      // (scripts/auth-paint.ts) shows, a form with the same headings and labelled fields.
      const drawn = page.locator('#auth-paint')
      await visible(drawn.getByRole('heading', { name: TITLES.signIn }), problems)
      await visible(drawn.getByRole('textbox', { name: 'Email' }), problems)
      const drawnText = await drawn.locator('.auth-card').innerText()
      const drawnLook = await drawn.locator('.auth-card').screenshot()
      release()
      await visible(page.locator('#root').getByRole('heading', { name: TITLES.signIn }), problems)
      // The SPA's own screen took its place, says what the drawing said and looks the same, to
      // the pixel: the swap cannot be seen.
      expect(await drawn.count()).toBe(0)
      const live = page.locator('#root .auth-card')
      expect(await live.innerText()).toBe(drawnText)
      expect((await live.screenshot()).equals(drawnLook)).toBe(true)
      // The app took the page's answer: it did not ask again, and, having it before its first
      // render, drew the sign-in screen straight away.
      expect(probes).toEqual(['GET'])
      expect(await spun()).toBe(false)
      await page.unrouteAll({ behavior: 'wait' })
    } finally {
      await visitor.close()
    }
  })

  it('an answer that comes after the app has started never brings the drawn screen up beside it', async () => {
    const visitor = await openPage(app.chrome.browser)
    try {
      const { page, problems } = visitor
      const drawnShown = await everHeld(page, DRAWN_SIGN_IN_SHOWN)
      // The page's question is held until the app has drawn its own first screen (a spinner).
      const release = await holdRequests(page, '**/v1/account')
      await page.goto(app.server.url, { waitUntil: 'commit' })
      await page.locator('.fullscreen-spinner').waitFor()
      expect(await page.locator('#auth-paint').count()).toBe(0)
      release()
      await visible(page.locator('#root').getByRole('heading', { name: TITLES.signIn }), problems)
      expect(await drawnShown()).toBe(false)
      await page.unrouteAll({ behavior: 'wait' })
    } finally {
      await visitor.close()
    }
  })

  it("a browser that kept an ended session's display data gets the sign-in screen, never that user's app", async () => {
    const visitor = await openPage(app.chrome.browser)
    try {
      const { page, problems } = visitor
      // What the app keeps of a signed-in visit (global-state.ts), with no session behind it.
      const kept = {
        account: {
          $id: 'gone',
          name: 'Gone',
          email: 'gone@kathelia.test',
          emailVerification: true,
        },
      }
      await page.addInitScript(
        `localStorage.setItem(${JSON.stringify(STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(kept))})`,
      )
      const appShown = await everHeld(
        page,
        `document.querySelector('.fullscreen-spinner, [aria-label="Profile menu"]')`,
      )
      const release = await holdRequests(page, APP_SCRIPT)
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/account')
      await page.goto(app.server.url, { waitUntil: 'commit' })
      expect((await answered).status()).toBe(401)
      await visible(page.locator('#auth-paint').getByText(TITLES.signIn, { exact: true }), problems)
      release()
      await visible(page.locator('#root').getByRole('heading', { name: TITLES.signIn }), problems)
      expect(await page.locator('#auth-paint').count()).toBe(0)
      expect(await appShown()).toBe(false)
      await page.unrouteAll({ behavior: 'wait' })
    } finally {
      await visitor.close()
    }
  })
})

describe('the drawn sign-in screen, used before the app has run', () => {
  /** A visitor's page with the app's script held and the drawn screen up. */
  async function beforeTheApp(
    use: (tab: TestPage, drawn: Locator, release: () => void) => Promise<void>,
  ) {
    const visitor = await openPage(app.chrome.browser)
    try {
      const release = await holdRequests(visitor.page, APP_SCRIPT)
      await visitor.page.goto(app.server.url, { waitUntil: 'commit' })
      const drawn = visitor.page.locator('#auth-paint')
      await visible(drawn.getByRole('heading', { name: TITLES.signIn }), visitor.problems)
      await use(visitor, drawn, release)
      await visitor.page.unrouteAll({ behavior: 'wait' })
    } finally {
      await visitor.close()
    }
  }
  const signInCalls = (page: Page) => {
    const calls: Request[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/account/sessions/email')
        calls.push(r)
    })
    return calls
  }

  it('keeps what was typed there, and the caret, when the app takes over', async () => {
    await beforeTheApp(async ({ page, problems }, drawn, release) => {
      const sent = signInCalls(page)
      await drawn.getByLabel('Email', { exact: true }).pressSequentially('ada@kathelia.test')
      const password = drawn.getByLabel('Password', { exact: true })
      await password.pressSequentially('Secret1!x')
      await password.press('ArrowLeft')
      await password.press('ArrowLeft')
      release()
      await visible(page.locator('#root').getByRole('heading', { name: TITLES.signIn }), problems)
      expect(await drawn.count()).toBe(0)
      const live = authCard(page)
      expect(await live.getByLabel('Email', { exact: true }).inputValue()).toBe('ada@kathelia.test')
      expect(await live.getByLabel('Password', { exact: true }).inputValue()).toBe('Secret1!x')
      const caret = await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement
        return [el.closest('#root') !== null, el.name, el.selectionStart, el.selectionEnd]
      })
      expect(caret).toEqual([true, 'password', 7, 7])
      // Typing goes on where it was, and nothing was sent: the visitor has not asked yet.
      await page.keyboard.type('Z')
      expect(await live.getByLabel('Password', { exact: true }).inputValue()).toBe('Secret1Z!x')
      expect(sent).toEqual([])
    })
  })

  it('keeps the focus on the button the visitor had tabbed to', async () => {
    await beforeTheApp(async ({ page, problems }, drawn, release) => {
      await drawn.getByLabel('Password', { exact: true }).focus()
      await page.keyboard.press('Tab')
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe(TEXTS.forgotPassword)
      release()
      await visible(page.locator('#root').getByRole('heading', { name: TITLES.signIn }), problems)
      const focused = await page.evaluate(() => {
        const el = document.activeElement!
        return [el.closest('#root') !== null, el.textContent]
      })
      expect(focused).toEqual([true, TEXTS.forgotPassword])
    })
  })

  it('signs in with the credentials submitted there, once the app has run, and stays on the page meanwhile', async () => {
    await beforeTheApp(async ({ page }, drawn, release) => {
      const sent = signInCalls(page)
      const before = page.url()
      await drawn.getByLabel('Email', { exact: true }).fill('nobody@kathelia.test')
      await drawn.getByLabel('Password', { exact: true }).fill('Wr0ng!pass')
      await drawn.getByLabel('Password', { exact: true }).press('Enter')
      // The form did not leave the page (no credentials in an address) and nothing could be sent;
      // its button shows the sign-in under way, as the SPA's does.
      expect(page.url()).toBe(before)
      await expect
        .poll(() =>
          drawn.getByRole('button', { name: 'Sign in', exact: true }).getAttribute('aria-disabled'),
        )
        .toBe('true')
      expect(sent).toEqual([])
      release()
      await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(1)
      expect(sent[0].postDataJSON()).toMatchObject({
        email: 'nobody@kathelia.test',
        password: 'Wr0ng!pass',
      })
      // The app's own answer to it: no such account.
      await expect.poll(() => readNotice(page).then((n) => n?.title)).toBe(ERROR_TITLES.login)
      expect(sent).toHaveLength(1)
    })
  })

  it('a submit from its Sign in button keeps the focus there, through the take-over and the refusal', async () => {
    await beforeTheApp(async ({ page }, drawn, release) => {
      await drawn.getByLabel('Email', { exact: true }).fill('nobody@kathelia.test')
      await drawn.getByLabel('Password', { exact: true }).fill('Wr0ng!pass')
      const button = drawn.getByRole('button', { name: 'Sign in', exact: true })
      await button.focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => drawn.getAttribute('data-intent')).toBe('sign-in')
      // Still the keyboard's: disabled, it dropped the focus to the page, and the app's button
      // never got it (a refused sign-in then left the focus nowhere). Marked as under way.
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement!
          return [el.closest('#root') !== null, el.textContent]
        })
      expect(await focused()).toEqual([false, 'Sign in'])
      expect(await button.getAttribute('aria-disabled')).toBe('true')
      release()
      await expect.poll(() => readNotice(page).then((n) => n?.title)).toBe(ERROR_TITLES.login)
      expect(await focused()).toEqual([true, 'Sign in'])
    })
  })

  it("stays up, no spinner over it, while the app waits for its sign-in screen's chunk, and a click there counts", async () => {
    const visitor = await openPage(app.chrome.browser)
    try {
      const { page, problems } = visitor
      const spun = await everHeld(page, `document.querySelector('.fullscreen-spinner')`)
      const release = await holdRequests(page, SIGN_IN_SCRIPT)
      // The app's script too, until the drawing is up: an app that ran before the page's
      // question was answered shows its spinner, and the drawing never (a test above).
      const releaseApp = await holdRequests(page, APP_SCRIPT)
      const ran = page.waitForResponse((r) => APP_SCRIPT.test(new URL(r.url()).pathname))
      await page.goto(app.server.url, { waitUntil: 'commit' })
      const drawn = page.locator('#auth-paint')
      await visible(drawn.getByRole('heading', { name: TITLES.signIn }), problems)
      releaseApp()
      // The app's script has come and run; only the screen's chunk is still on its way.
      await ran
      await page.evaluate(() => new Promise((r) => setTimeout(r, 200)))
      expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0)
      expect(await drawn.isVisible()).toBe(true)
      await drawn.getByRole('button', { name: 'Register', exact: true }).click()
      release()
      await visible(page.getByRole('heading', { name: TITLES.register }), problems)
      expect(await drawn.count()).toBe(0)
      expect(await spun()).toBe(false)
      await page.unrouteAll({ behavior: 'wait' })
    } finally {
      await visitor.close()
    }
  })

  it("whose screen's chunk cannot come gives way to the error page, not left over it", async () => {
    const visitor = await openPage(app.chrome.browser)
    try {
      const { page } = visitor
      await page.route(SIGN_IN_SCRIPT, (route) => route.abort())
      await page.goto(app.server.url, { waitUntil: 'commit' })
      await page
        .getByRole('heading', { name: 'Kathelia could not load this screen' })
        .waitFor({ timeout: 20_000 })
      expect(await page.locator('#auth-paint').count()).toBe(0)
      await page.unrouteAll({ behavior: 'wait' })
    } finally {
      await visitor.close()
    }
  })

  it('opens the screen "Register" or "Forgot password?" asked for there', async () => {
    const asked = [
      ['Register', TITLES.register],
      [TEXTS.forgotPassword, RECOVERY_TEXTS.title],
    ] as const
    for (const [button, title] of asked)
      await beforeTheApp(async ({ page, problems }, drawn, release) => {
        await drawn.getByLabel('Email', { exact: true }).fill('ada@kathelia.test')
        await drawn.getByRole('button', { name: button, exact: true }).click()
        release()
        await visible(page.getByRole('heading', { name: title }), problems)
        expect(await page.getByRole('heading', { name: TITLES.signIn }).count()).toBe(0)
        // That form starts with the email typed there, the focus in it, as its link would.
        const email = authCard(page).getByRole('textbox', { name: 'Email' })
        await expect.poll(() => email.inputValue()).toBe('ada@kathelia.test')
        await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true)
      })
  })
})
