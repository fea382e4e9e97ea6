import type { Page, Response } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { SETTINGS_TEXTS } from '../../shared/settings-texts'
import { FORM_TEXTS } from '../../shared/form-texts'
import { useAppAndBrowser, withServerKey } from './helpers/app'
import { isRetry } from './helpers/attempts'
import { passwordMarkers, readNotice, signInWith, TITLES } from './helpers/auth-screen'
import { openPage, type TestPage } from './helpers/browser'
import { isFocused } from './helpers/focus'
import { v1InPage } from './helpers/page-api'
import { ADA } from './helpers/pair'
import { onboardViaApi } from './helpers/register-api'
import { signedInAgain, signedInMarker, signInViaUi } from './helpers/users'

// /settings as Ada uses it: her name, her password, the devices she is signed in on, and the
// theme of this device. Each test continues from the one before; a retry first goes back to
// where the test before left Ada (signed in, this device her only session).
const app = useAppAndBrowser()
let tab: TestPage
// Ada's password as the server holds it: set once it answered a change. A retry of the change
// starts from it and picks a password of its own (attempt n: 1821 + n), since the first
// attempt's may be hers already.
let password = ADA.password
let attempt = 0
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

beforeAll(async () => {
  tab = await openPage(app.chrome.browser)
  await onboardViaApi(tab.page, app.server.url, ADA)
}, 120_000)

/** Opens Settings the way a person does: profile menu, then Settings. */
async function openSettings(page: Page) {
  await signedInMarker(page).click()
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
}

const section = (page: Page, name: string) => page.getByRole('region', { name })
const toast = (page: Page, text: string) => page.locator('.Toastify__toast', { hasText: text })

/** Signed in as Ada (again, if a failed attempt left her signed out) and on Settings. */
async function backToSettings(page: Page) {
  await signedInAgain(page, app.server.url, ADA.email, password)
  await openSettings(page)
}

describe('settings', () => {
  it('saves a new display name, shows it at once and after a reload', async (ctx) => {
    const { page } = tab
    // Her name as she registered it (the first attempt may have saved the new one, which leaves
    // nothing to save), the app loaded afresh.
    if (isRetry(ctx)) {
      await v1InPage(page, 'PATCH', '/account/name', { name: ADA.name })
      await page.goto(app.server.url)
    }
    await openSettings(page)
    const profile = section(page, 'Profile')
    expect(await profile.getByLabel('Email').inputValue()).toBe(ADA.email)
    expect(await profile.getByLabel('Email').getAttribute('readonly')).not.toBeNull()

    const name = profile.getByLabel('Display name')
    await name.fill('   ')
    await profile.getByRole('button', { name: 'Save name' }).click()
    await profile.getByRole('alert').filter({ hasText: SETTINGS_TEXTS.nameRequired }).waitFor()
    // The field is the one marked, and has the cursor; once changed, the warning no longer holds.
    expect(await name.getAttribute('aria-invalid')).toBe('true')
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true)
    // Marked to the eye too: its border is not the other fields'.
    const border = (field: typeof name) =>
      field.evaluate((el) => getComputedStyle(el).borderTopColor)
    expect(await border(name)).not.toBe(await border(profile.getByLabel('Email')))
    await name.pressSequentially('A')
    expect(await profile.getByRole('alert').count()).toBe(0)
    expect(await name.getAttribute('aria-invalid')).toBeNull()

    // Typing stops at the most a name holds, and says so, instead of a refusal after Save.
    await name.fill('A'.repeat(140))
    expect((await name.inputValue()).length).toBe(128)
    await profile.getByText('128 / 128 characters, the most a name can hold').waitFor()

    await name.fill('  Ada King  ')
    await profile.getByRole('button', { name: 'Save name' }).click()
    await toast(page, SETTINGS_TEXTS.nameSaved).waitFor()
    expect(await page.locator('.profile-name').innerText()).toBe('Ada King')
    expect(await name.inputValue()).toBe('Ada King')

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    expect(await page.locator('.profile-name').innerText()).toBe('Ada King')
    expect(await section(page, 'Profile').getByLabel('Display name').inputValue()).toBe('Ada King')
  })

  it('changes the password with live rule markers; only the new one signs in afterwards', async (ctx) => {
    const { page } = tab
    const fresh = `Difference-Engine-${1821 + ++attempt}`
    if (isRetry(ctx)) await backToSettings(page)
    const form = section(page, 'Password')
    const newPassword = form.getByLabel('New password', { exact: true })
    // A screen reader hears the rules, and which are met, with the field.
    const describedBy = await newPassword.evaluate((el) =>
      document
        .getElementById(el.getAttribute('aria-describedby') ?? '')
        ?.getAttribute('aria-label'),
    )
    expect(describedBy).toBe('Password requirements')
    await newPassword.fill('difference')
    expect(await passwordMarkers(page)).toEqual([
      ['At least 8 characters', 'met'],
      ['One upper case letter', 'not met'],
      ['One lower case letter', 'met'],
      ['One number', 'not met'],
      ['One symbol', 'not met'],
    ])
    await form.getByLabel('Current password').fill(password)
    await form.getByLabel('Confirm new password').fill('difference')
    await form.getByRole('button', { name: 'Change password' }).click()
    await form.getByRole('alert').filter({ hasText: FORM_TEXTS.passwordTooWeak }).waitFor()
    // The field it is about is marked and has the cursor.
    const marked = async (label: string) =>
      (await form.getByLabel(label, { exact: true }).getAttribute('aria-invalid')) === 'true' &&
      (await form
        .getByLabel(label, { exact: true })
        .evaluate((el) => el === document.activeElement))
    expect(await marked('New password')).toBe(true)

    await newPassword.fill(fresh)
    expect((await passwordMarkers(page)).every(([, state]) => state === 'met')).toBe(true)
    await form.getByLabel('Confirm new password').fill(fresh)
    await form.getByLabel('Current password').fill('Not-my-password-1')
    await form.getByRole('button', { name: 'Change password' }).click()
    await form
      .getByRole('alert')
      .filter({ hasText: SETTINGS_TEXTS.currentPasswordWrong })
      .waitFor({ timeout: 15_000 })
    await expect.poll(() => marked('Current password')).toBe(true)

    await form.getByLabel('Current password').fill(password)
    // The server's yes makes it her password, whatever this attempt does next.
    const old = password
    const accepted = (res: Response) => {
      const { pathname } = new URL(res.url())
      if (pathname === '/v1/account/password' && res.request().method() === 'PATCH' && res.ok())
        password = fresh
    }
    page.on('response', accepted)
    try {
      await form.getByRole('button', { name: 'Change password' }).click()
      await toast(page, SETTINGS_TEXTS.passwordChanged).waitFor({ timeout: 15_000 })
    } finally {
      page.off('response', accepted)
    }
    for (const label of ['Current password', 'New password', 'Confirm new password'])
      expect(await form.getByLabel(label, { exact: true }).inputValue(), label).toBe('')

    await signedInMarker(page).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await page.getByRole('heading', { name: TITLES.signIn }).waitFor()
    // The keyboard's focus in the email field, not left on nothing.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email')
    await signInWith(page, ADA.email, old)
    await expect
      .poll(() => readNotice(page), { timeout: 15_000 })
      .toMatchObject({ role: 'alert', body: expect.stringContaining('Invalid credentials') })
    await signInViaUi(page, app.server.url, ADA.email, fresh)
  })

  it('signs out one other device, then all others, and keeps this one', async (ctx) => {
    const { page } = tab
    if (isRetry(ctx)) {
      // Signed in, in the chat, as the test before left her (Settings then lists the devices
      // afresh).
      await signedInAgain(page, app.server.url, ADA.email, password)
      // The devices a failed attempt signed in are still Ada's sessions.
      const { sessions } = await v1InPage(page, 'GET', '/account/sessions')
      type Session = { $id: string; userId: string; current: boolean }
      for (const { $id, userId, current } of sessions as Session[]) {
        if (current) continue
        const ended = await withServerKey(
          app.server.url,
          'DELETE',
          `/users/${userId}/sessions/${$id}`,
        )
        expect(ended.status).toBe(204)
      }
    }
    const phoneContext = await app.chrome.browser.newContext({
      userAgent: IPHONE,
      viewport: { width: 390, height: 844 },
    })
    const phone = await phoneContext.newPage()
    const laptop = await openPage(app.chrome.browser)
    try {
      // The phone's room beats in view: its device is then known as in use.
      const phoneInUse = phone.waitForResponse(
        (r) => r.url().endsWith('/api/presence/heartbeat') && r.ok(),
      )
      await signInViaUi(phone, app.server.url, ADA.email, password)
      await phoneInUse
      await signInViaUi(laptop.page, app.server.url, ADA.email, password)

      await openSettings(page)
      const devices = section(page, 'Devices')
      const rows = devices.getByRole('listitem')
      await expect.poll(() => rows.count()).toBe(3)
      const mine = rows.filter({ hasText: 'This device' })
      expect(await mine.count()).toBe(1)
      expect(await mine.getByRole('button', { name: 'Sign out' }).count()).toBe(0)
      expect(await mine.innerText()).toContain('Active now')
      const phoneRow = rows.filter({ hasText: 'on iOS 17.5' })
      expect(await phoneRow.innerText()).toMatch(/Mobile · Apple iPhone/)
      expect(await phoneRow.innerText()).toMatch(
        /Signed in \w+ \d{1,2}, \d{4} \d\d:\d\d:\d\d [AP]M/,
      )
      expect(await phoneRow.innerText()).toContain('Last active just now')

      await phoneRow.getByRole('button', { name: 'Sign out' }).click()
      await toast(page, SETTINGS_TEXTS.sessionSignedOut).waitFor()
      await expect.poll(() => rows.count()).toBe(2)
      await phone.reload()
      await phone.getByRole('heading', { name: TITLES.signIn }).waitFor({ timeout: 30_000 })
      await laptop.page.reload()
      await signedInMarker(laptop.page).waitFor({ timeout: 30_000 })

      // Asked once more, starting on Cancel: Escape keeps every device and gives the focus back.
      const signOutAll = devices.getByRole('button', { name: 'Sign out of all other devices' })
      await signOutAll.click()
      const question = devices.getByRole('alertdialog')
      expect(await question.innerText()).toContain('Sign out of your other device?')
      expect(await isFocused(question.getByRole('button', { name: 'Cancel' }))).toBe(true)
      await page.keyboard.press('Escape')
      expect(await question.count()).toBe(0)
      expect(await isFocused(signOutAll)).toBe(true)
      expect(await rows.count()).toBe(2)
      await signOutAll.click()
      await question.getByRole('button', { name: 'Sign out the other device' }).click()
      await toast(page, SETTINGS_TEXTS.otherSessionsSignedOut).waitFor()
      await expect.poll(() => rows.count()).toBe(1)
      expect(await devices.getByRole('button', { name: /Sign out/ }).count()).toBe(0)
      await expect
        .poll(() => isFocused(devices.getByRole('heading', { name: 'Devices' })))
        .toBe(true)
      await laptop.page.reload()
      await laptop.page.getByRole('heading', { name: TITLES.signIn }).waitFor({ timeout: 30_000 })

      await page.reload()
      await section(page, 'Devices').getByText('This device').waitFor({ timeout: 30_000 })
      expect(await signedInMarker(page).count()).toBe(1)
    } finally {
      await phoneContext.close()
      await laptop.close()
    }
  })

  it('fits a 390 px wide screen', async () => {
    const { page } = tab
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    // The page has its new width (a retry's measure, right after the last test's resize back,
    // once read the old one).
    await expect.poll(() => page.evaluate(() => innerWidth)).toBe(390)
    // Every section lies inside the screen, and nothing scrolls sideways.
    const seen = await page.evaluate(() => {
      const sections = Array.from(document.querySelectorAll('.settings-section'))
      const page = document.querySelector('.page')!
      return {
        sections: sections.length,
        outside: sections.filter((el) => el.getBoundingClientRect().right > 390).length,
        sideways: page.scrollWidth > page.clientWidth,
      }
    })
    expect(seen).toEqual({ sections: 8, outside: 0, sideways: false })
    // One heading per section, and ids a label can point at without ambiguity.
    const headings = await page.locator('.settings-section h2').allInnerTexts()
    expect(new Set(headings).size).toBe(headings.length)
    const ids = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[id]'), (e) => e.id),
    )
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  it('scrolls inside its page: the app itself never moves, at the end of Settings either', async () => {
    const { page } = tab
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size)
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
      await page.locator('.page').evaluate((el) => (el.scrollTop = el.scrollHeight))
      await page.mouse.move(size.width / 2, size.height / 2)
      await page.mouse.wheel(0, 800)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))))
      // A walk found the shell scrolled up, a blank band under it: the screen readers' texts of
      // the devices list stood outside the page's scroller and stretched the document.
      const moved = await page.evaluate(() => ({
        y: scrollY,
        over: Math.max(0, document.documentElement.scrollHeight - innerHeight),
      }))
      expect(moved, `${size.width} px`).toEqual({ y: 0, over: 0 })
    }
    await page.setViewportSize({ width: 1280, height: 800 })
  })

  const theme = (page: Page) =>
    page.evaluate(() => ({
      attribute: document.documentElement.dataset.theme ?? null,
      scheme: getComputedStyle(document.documentElement).colorScheme,
      background: getComputedStyle(document.documentElement).backgroundColor,
    }))
  const DARK_BG = 'rgb(13, 17, 23)'
  const LIGHT_BG = 'rgb(244, 245, 250)'

  it('turns dark when Dark is chosen on a light device, also before the app loads again', async () => {
    const { page } = tab
    await page.emulateMedia({ colorScheme: 'light' })
    const appearance = section(page, 'Appearance')
    // System, as on a fresh device; a retry finds what the first attempt chose.
    await appearance.getByRole('radio', { name: 'System' }).check()
    expect(await theme(page)).toEqual({
      attribute: null,
      scheme: 'light dark',
      background: LIGHT_BG,
    })

    await appearance.getByRole('radio', { name: 'Dark' }).check()
    expect(await theme(page)).toEqual({ attribute: 'dark', scheme: 'dark', background: DARK_BG })

    // Without the app's script the page is still marked dark: index.html applies the choice
    // before the first paint.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.reload()
    expect((await theme(page)).attribute).toBe('dark')
    await page.unroute('**/assets/*.js')

    await page.reload()
    const again = section(page, 'Appearance')
    await again.waitFor({ timeout: 30_000 })
    expect(await again.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true)
    expect(await theme(page)).toEqual({ attribute: 'dark', scheme: 'dark', background: DARK_BG })

    await again.getByRole('radio', { name: 'System' }).check()
    expect(await theme(page)).toEqual({
      attribute: null,
      scheme: 'light dark',
      background: LIGHT_BG,
    })
    await page.emulateMedia({ colorScheme: 'dark' })
    expect((await theme(page)).background).toBe(DARK_BG)
  })

  it('a setting whose value cannot be read says so, with "Try again", and shows no made-up value', async () => {
    const { page } = tab
    const failing = ['**/api/receipt/setting', '**/api/user/sharing']
    for (const url of failing)
      await page.route(url, (route) => route.fulfill({ status: 500, body: '{}' }))
    try {
      await page.goto(new URL('/settings', app.server.url).toString())
      const privacy = section(page, 'Privacy')
      for (const what of ['Your sharing choice', 'Your read receipts setting'])
        await privacy
          .getByRole('alert')
          .filter({ hasText: `${what} could not be loaded.` })
          .waitFor({ timeout: 30_000 })
      const receipts = privacy.getByRole('checkbox', { name: 'Send read receipts' })
      expect(await receipts.isEnabled()).toBe(false)
    } finally {
      for (const url of failing) await page.unroute(url)
    }
    const privacy = section(page, 'Privacy')
    for (const what of ['Your sharing choice', 'Your read receipts setting'])
      await privacy
        .getByRole('alert')
        .filter({ hasText: what })
        .getByRole('button', { name: 'Try again' })
        .click()
    await expect.poll(() => privacy.getByRole('alert').count(), { timeout: 15_000 }).toBe(0)
    await expect
      .poll(() => privacy.getByRole('checkbox', { name: 'Send read receipts' }).isEnabled())
      .toBe(true)
  })
})
