import type { Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { SETTINGS_TEXTS } from '../../shared/settings-texts'
import { openPage } from './helpers/browser'
import { ADA, BEN, messageInLog, messageLog, sendMessage, useOnboardedPair } from './helpers/pair'
import { authCard, signedInMarker } from './helpers/users'
import { isFocused } from './helpers/focus'

// Where the keyboard's focus goes after an action removes or disables what had it, and what a
// screen reader is told, as a keyboard and screen-reader walk found them: never the page's
// <body>, from which the next Tab starts again at the top.
const pair = useOnboardedPair()

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? el?.tagName ?? ''
  })
const rowOf = (page: Page, text: string) =>
  messageLog(page)
    .locator('[role="article"]')
    .filter({ has: page.locator('.msg-text').getByText(text, { exact: true }) })

describe('the keyboard keeps its place', () => {
  it('each message tells a screen reader who wrote it: "You" or the partner’s name', async () => {
    const { ada, ben } = pair
    const mine = `Mine, said by Ada ${Date.now()}`
    const theirs = `Theirs, said by Ben ${Date.now()}`
    await sendMessage(ada.page, mine)
    await sendMessage(ben.page, theirs)
    await messageInLog(ada.page, theirs).waitFor({ timeout: 15_000 })
    expect(await rowOf(ada.page, mine).textContent()).toMatch(new RegExp(`^You: ${mine}`))
    expect(await rowOf(ada.page, theirs).textContent()).toMatch(
      new RegExp(`^${BEN.name}: ${theirs}`),
    )
  })

  it('"Cancel reply" hands the focus to the composer', async () => {
    const { ada } = pair
    const text = `Answer me ${Date.now()}`
    await sendMessage(ada.page, text)
    await rowOf(ada.page, text).getByRole('button', { name: 'Message actions' }).focus()
    await ada.page.keyboard.press('Enter')
    await ada.page.getByRole('menuitem', { name: 'Reply' }).click()
    const cancel = ada.page.getByRole('button', { name: 'Cancel reply' })
    await cancel.focus()
    await ada.page.keyboard.press('Enter')
    await cancel.waitFor({ state: 'detached' })
    expect(await focusedLabel(ada.page)).toBe('Message')
  })

  it('the profile menu: Home and End, and "View Profile" gives the focus back to its button', async () => {
    const { page } = pair.ada
    const button = signedInMarker(page)
    await button.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'View Profile' }).waitFor()
    await page.keyboard.press('End')
    expect(await focusedLabel(page)).toBe('Logout')
    await page.keyboard.press('Home')
    expect(await focusedLabel(page)).toBe('View Profile')
    await page.keyboard.press('Enter')
    await page.getByRole('menu', { name: 'Profile' }).waitFor({ state: 'detached' })
    expect(await isFocused(button)).toBe(true)
  })

  it('a setting toggled with Space and "Save name" keep the focus while saved, and a success is polite', async () => {
    const { page } = pair.ada
    await page.goto(new URL('/settings', pair.server.url).toString())
    const box = page.getByRole('checkbox', { name: 'Send read receipts' })
    await expect.poll(() => box.isEnabled(), { timeout: 20_000 }).toBe(true)
    const before = await box.isChecked()
    await box.focus()
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/') && r.request().method() === 'POST',
    )
    await page.keyboard.press('Space')
    await saved
    await expect.poll(() => box.isEnabled(), { timeout: 15_000 }).toBe(true)
    // Polled: the response awaited may be another POST of the page's (a presence report).
    await expect.poll(() => box.isChecked(), { timeout: 15_000 }).toBe(!before)
    expect(await isFocused(box)).toBe(true)
    // Back as it was, from the keyboard again.
    await page.keyboard.press('Space')
    await expect.poll(() => box.isChecked(), { timeout: 15_000 }).toBe(before)
    await expect.poll(() => box.isEnabled(), { timeout: 15_000 }).toBe(true)
    expect(await isFocused(box)).toBe(true)

    // A saved name's toast waits for the screen reader (status), where a problem interrupts it.
    // Saved from the keyboard, the button keeps the focus, busy and then unchanged.
    await page.getByLabel('Display name').fill(`Ada Keys ${Date.now()}`)
    const saveName = page.getByRole('button', { name: 'Save name' })
    await saveName.focus()
    // Busy, it turns its wheel within its own width: nothing beside it moves.
    const width = async () => (await saveName.boundingBox())!.width
    const idle = await width()
    let answer = () => {}
    const held = new Promise<void>((r) => (answer = r))
    await page.route('**/v1/account/name', async (route) => {
      await held
      await route.continue()
    })
    await page.keyboard.press('Enter')
    const wheel = () => saveName.evaluate((el) => getComputedStyle(el, '::after').animationName)
    await expect.poll(wheel).toBe('spin')
    expect(Math.abs((await width()) - idle)).toBeLessThan(0.5)
    answer()
    const toast = page.locator('.Toastify__toast', { hasText: SETTINGS_TEXTS.nameSaved })
    await toast.waitFor()
    await page.unroute('**/v1/account/name')
    expect(await toast.getAttribute('role')).toBe('status')
    expect(await saveName.getAttribute('aria-disabled')).toBe('true')
    expect(await isFocused(saveName)).toBe(true)
  })

  it('removing a bookmark moves the focus to the next one’s "Remove"', async () => {
    const { page } = pair.ada
    await page.goto(new URL('/bookmarks', pair.server.url).toString())
    // A retry: what the first attempt left goes first, so the shelf holds only these two.
    const anyRemove = page.getByRole('button', { name: 'Remove' })
    await page
      .getByText('No bookmarks yet.')
      .or(page.getByRole('list', { name: 'Bookmarks' }))
      .waitFor()
    await expect
      .poll(
        async () => (
          (await anyRemove.count()) && (await anyRemove.first().click()),
          anyRemove.count()
        ),
        { timeout: 20_000 },
      )
      .toBe(0)
    const form = page.getByRole('region', { name: 'Save a link' })
    const title = (n: number) => `Focus ${n}`
    for (const n of [1, 2]) {
      await form.getByLabel('Address').fill(`https://example.com/focus-${n}`)
      await form.getByLabel('Title').fill(title(n))
      await form.getByRole('button', { name: 'Save link' }).click()
      await page.getByRole('article', { name: title(n) }).waitFor()
    }
    const removeOf = (n: number) =>
      page.getByRole('article', { name: title(n) }).getByRole('button', { name: 'Remove' })
    // Newest first: "Focus 2", then "Focus 1".
    await removeOf(2).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('article', { name: title(2) }).waitFor({ state: 'detached' })
    await expect.poll(() => isFocused(removeOf(1))).toBe(true)
    await page.keyboard.press('Enter')
    await page.getByRole('article', { name: title(1) }).waitFor({ state: 'detached' })
    // Nothing left after it: the search box, not the page.
    await expect
      .poll(() => isFocused(page.getByRole('searchbox', { name: 'Search bookmarks' })))
      .toBe(true)
  })
})

describe('the signed-out forms', () => {
  /** A new visitor's sign-in form, filled in as Ada with `password`; closed with the test. */
  async function visitorSignIn(password: string) {
    const tab = await openPage(pair.chrome.browser)
    onTestFinished(() => tab.close())
    const { page } = tab
    await page.goto(pair.server.url)
    const card = authCard(page)
    await card.getByLabel('Email', { exact: true }).fill(ADA.email)
    await card.getByLabel('Password').fill(password)
    return { page, card }
  }

  it('a refused sign-in and "Send reset link" keep the focus on their buttons; switching to Register focuses the email', async () => {
    const { page, card } = await visitorSignIn('not-the-password-1A!')
    const submit = card.getByRole('button', { name: 'Sign in', exact: true })
    // On its way, the button turns a wheel beside its words (on a slow network a paler button
    // said nothing for seconds).
    let answer = () => {}
    const held = new Promise<void>((r) => (answer = r))
    await page.route('**/v1/account/sessions/email', async (route) => {
      await held
      await route.continue()
    })
    await submit.focus()
    await page.keyboard.press('Enter')
    const wheel = () => submit.evaluate((el) => getComputedStyle(el, '::after').animationName)
    await expect.poll(wheel).toBe('spin')
    answer()
    await card.getByRole('alert').waitFor({ timeout: 15_000 })
    expect(await wheel()).toBe('none')
    expect(await isFocused(submit)).toBe(true)
    // Both fields marked (which one is wrong, nobody says), until one is changed.
    const invalid = () =>
      Promise.all(
        ['Email', 'Password'].map((f) =>
          card.getByLabel(f, { exact: true }).getAttribute('aria-invalid'),
        ),
      )
    expect(await invalid()).toEqual(['true', 'true'])
    await card.getByLabel('Password', { exact: true }).press('End')
    await page.keyboard.type('x')
    expect(await invalid()).toEqual([null, null])

    // "Forgot password?": its button keeps the focus while the link is asked for and after.
    await card.getByRole('button', { name: 'Forgot password?' }).click()
    await card.getByLabel('Email', { exact: true }).fill(`nobody-${Date.now()}@example.com`)
    const send = card.getByRole('button', { name: 'Send reset link' })
    await send.focus()
    await page.keyboard.press('Enter')
    await card.getByRole('status').or(card.getByRole('alert')).first().waitFor()
    expect(await isFocused(send)).toBe(true)
    await page.goto(pair.server.url)

    await card.getByRole('button', { name: 'Register' }).click()
    await card.getByRole('heading', { name: 'Create an account' }).waitFor()
    await expect.poll(() => isFocused(card.getByLabel('Email', { exact: true }))).toBe(true)
    await card.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => isFocused(card.getByLabel('Email', { exact: true }))).toBe(true)
  })

  it('signed in from the form, the room’s composer has the cursor, not the page', async () => {
    const { page } = await visitorSignIn(ADA.password)
    await page.keyboard.press('Enter')
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.waitFor({ timeout: 20_000 })
    await expect.poll(() => isFocused(composer)).toBe(true)
    // A fresh load of the signed-in page keeps the skip link first: the page has the focus.
    await page.reload()
    await composer.waitFor({ timeout: 20_000 })
    await new Promise((r) => setTimeout(r, 500))
    expect(await isFocused(composer)).toBe(false)
  })
})
