import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RECOVERY_TEXTS } from '../../shared/recovery-texts'
import { TEXTS } from '../../shared/texts'
import { FORM_TEXTS } from '../../shared/form-texts'
import { useAppAndBrowser } from './helpers/app'
import { isRetry } from './helpers/attempts'
import { passwordMarkers, readNotice, signInWith, TITLES, visible } from './helpers/auth-screen'
import { openPage, type TestPage } from './helpers/browser'
import { BEN } from './helpers/pair'
import { authCard, onboardViaUi, readOutbox, signedInMarker, signInViaUi } from './helpers/users'

// "Forgot password?" as Ben uses it: the request answers alike for any address, the mailed
// link sets a new password with the live rule markers, ends every session (his desk's too) and
// works once.
const app = useAppAndBrowser()
let desk: TestPage
let phone: TestPage
const NEW_PASSWORD = 'Franklin-Stove-1741'
const RESET_SUBJECT = /^Reset your /
let link = ''

beforeAll(async () => {
  ;[desk, phone] = await Promise.all([openPage(app.chrome.browser), openPage(app.chrome.browser)])
  await onboardViaUi(desk.page, app.server.url, BEN)
}, 120_000)

afterAll(async () => {
  await desk?.close()
  await phone?.close()
})

async function askForLink(page: Page, email: string) {
  await authCard(page).getByLabel('Email', { exact: true }).fill(email)
  await authCard(page).getByRole('button', { name: 'Send reset link' }).click()
  await expect
    .poll(() => readNotice(page))
    .toEqual({
      role: 'status',
      title: RECOVERY_TEXTS.requestTitle,
      body: RECOVERY_TEXTS.requested(email),
      actions: [],
    })
}

/** The newest reset link mailed to `email`, on the test server's origin. */
async function resetLink(email: string): Promise<string> {
  const mail = (await readOutbox(app.server.url)).find(
    (m) => m.to === email && RESET_SUBJECT.test(m.subject),
  )
  if (!mail) throw new Error(`no reset mail to ${email}`)
  const url = new URL(/https?:\/\/\S+secret=\S+/.exec(mail.text)![0])
  expect(url.pathname).toBe('/recovery')
  expect([...url.searchParams.keys()].sort()).toEqual(['expire', 'secret', 'userId'])
  return new URL(url.pathname + url.search, app.server.url).toString()
}

const resetMails = async () =>
  (await readOutbox(app.server.url)).filter((m) => RESET_SUBJECT.test(m.subject))

/** Asks for a link from the sign-in screen and waits for its mail. */
async function newLink(page: Page) {
  const before = (await resetMails()).length
  await page.goto(app.server.url)
  await authCard(page).getByRole('button', { name: TEXTS.forgotPassword }).click()
  await visible(page.getByRole('heading', { name: RECOVERY_TEXTS.title }), phone.problems)
  await askForLink(page, BEN.email)
  await expect.poll(async () => (await resetMails()).length).toBe(before + 1)
  return resetLink(BEN.email)
}

describe('password recovery', () => {
  it('answers the same notice for an unknown and a known address; only the known one gets mail', async () => {
    const { page } = phone
    // Mail of this attempt only (a retry finds the first attempt's).
    const before = (await resetMails()).length
    await page.goto(app.server.url)
    // The address typed into the sign-in form comes along, and has the cursor.
    await authCard(page).getByLabel('Email').fill('typo@kathelia')
    await authCard(page).getByRole('button', { name: TEXTS.forgotPassword }).click()
    await visible(page.getByRole('heading', { name: RECOVERY_TEXTS.title }), phone.problems)
    const email = authCard(page).getByLabel('Email')
    expect(await email.inputValue()).toBe('typo@kathelia')
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true)
    // Malformed, it is refused in the form's words, before any request.
    await authCard(page).getByRole('button', { name: 'Send reset link' }).click()
    await authCard(page)
      .getByRole('alert')
      .filter({ hasText: RECOVERY_TEXTS.emailInvalid })
      .waitFor()
    await askForLink(page, 'nobody@kathelia.test')
    await askForLink(page, BEN.email)
    await expect
      .poll(async () => (await resetMails()).slice(before).map((m) => m.to))
      .toEqual([BEN.email])
    link = await resetLink(BEN.email)
  })

  it('sets a new password with live markers, ends every session and lands on sign-in', async (ctx) => {
    const { page } = phone
    // A retry finds the link spent by the first attempt (and the password set): it asks again.
    if (isRetry(ctx)) link = await newLink(page)
    await page.goto(link)
    const card = authCard(page)
    await visible(page.getByRole('heading', { name: 'Choose a new password' }), phone.problems)
    await card.getByLabel('New password', { exact: true }).fill('stove')
    expect(await passwordMarkers(page)).toEqual([
      ['At least 8 characters', 'not met'],
      ['One upper case letter', 'not met'],
      ['One lower case letter', 'met'],
      ['One number', 'not met'],
      ['One symbol', 'not met'],
    ])
    await card.getByLabel('Confirm new password').fill('stove')
    await card.getByRole('button', { name: 'Set new password' }).click()
    await card.getByRole('alert').filter({ hasText: FORM_TEXTS.passwordTooWeak }).waitFor()

    await card.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await card.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`)
    await card.getByRole('button', { name: 'Set new password' }).click()
    await card.getByRole('alert').filter({ hasText: FORM_TEXTS.passwordsDiffer }).waitFor()

    await card.getByLabel('Confirm new password').fill(NEW_PASSWORD)
    await card.getByRole('button', { name: 'Set new password' }).click()
    await visible(page.getByRole('heading', { name: TITLES.signIn }), phone.problems)
    expect(await readNotice(page)).toEqual({
      role: 'status',
      title: RECOVERY_TEXTS.requestTitle,
      body: RECOVERY_TEXTS.done,
      actions: [],
    })
    expect(new URL(page.url()).pathname).toBe('/')

    // The desk was signed in with the old password: its session is gone on the server.
    await desk.page.reload()
    await visible(desk.page.getByRole('heading', { name: TITLES.signIn }), desk.problems)
  })

  it('signs in with the new password only', async (ctx) => {
    const { page } = desk
    // A retry finds the desk signed in by the first attempt: it starts signed out again.
    if (isRetry(ctx)) {
      await page.context().clearCookies()
      await page.goto(app.server.url)
    }
    await signInWith(page, BEN.email, BEN.password)
    await authCard(page).getByRole('alert').waitFor()
    await signInViaUi(page, app.server.url, BEN.email, NEW_PASSWORD)
    expect(await signedInMarker(page).isVisible()).toBe(true)
  })

  it('says a used link is spent and offers a new one', async () => {
    const { page } = phone
    const before = (await resetMails()).length
    await page.goto(link)
    const card = authCard(page)
    await card.getByLabel('New password', { exact: true }).fill('Another-Stove-1742')
    await card.getByLabel('Confirm new password').fill('Another-Stove-1742')
    await card.getByRole('button', { name: 'Set new password' }).click()
    await expect
      .poll(() => readNotice(page))
      .toEqual({
        role: 'alert',
        title: RECOVERY_TEXTS.requestTitle,
        body: RECOVERY_TEXTS.linkInvalid,
        actions: [RECOVERY_TEXTS.askAgain],
      })
    await card.getByRole('button', { name: RECOVERY_TEXTS.askAgain }).click()
    await visible(page.getByRole('heading', { name: RECOVERY_TEXTS.title }), phone.problems)
    await askForLink(page, BEN.email)
    await expect.poll(async () => (await resetMails()).length).toBe(before + 1)
  })

  it('says an expired link is spent before any password is typed', async () => {
    const { page } = phone
    const expired = new URL(await resetLink(BEN.email))
    expired.searchParams.set('expire', new Date(Date.now() - 60_000).toISOString())
    await page.goto(expired.toString())
    await expect
      .poll(() => readNotice(page))
      .toEqual({
        role: 'alert',
        title: RECOVERY_TEXTS.requestTitle,
        body: RECOVERY_TEXTS.linkInvalid,
        actions: [RECOVERY_TEXTS.askAgain],
      })
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0)
  })
})
