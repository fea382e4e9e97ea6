import { afterAll, describe, expect, it } from 'vitest'
import { SAFE_BROWSING_KEY, startSafeBrowsing } from '../fixtures/safe-browsing'
import { chatTitle, messageLog, sendMessage, useOnboardedPair } from './helpers/pair'

// Unsafe links marked from a local Safe Browsing v4 lookup (the Worker asks it, never the
// browser), with Ada and Ben in two browser contexts on one server.
const lookup = await startSafeBrowsing()
const pair = useOnboardedPair({ SAFE_BROWSING_URL: lookup.url, SAFE_BROWSING_KEY })
afterAll(async () => {
  expect(lookup.wrong).toEqual([])
  await lookup.close()
})
// A text of one attempt only: a retry finds the first attempt's message, and its links.
let attempt = 0

describe('unsafe links', () => {
  it('marks a flagged link "unsafe" and asks before opening it; other links stay plain', async () => {
    const { ada, ben } = pair
    await chatTitle(ben.page, 'Home')
    const bad = 'https://phish.example/login'
    const good = 'https://good.example/page'
    const previews: string[] = []
    for (const { page } of [ada, ben])
      page.on('request', (r) => {
        if (r.url().endsWith('/api/link/preview')) previews.push(r.postDataJSON().url)
      })
    const tag = `#${++attempt}`
    await sendMessage(ada.page, `${tag} Log in at ${bad} or read ${good}`)
    const log = messageLog(ben.page).locator('.msg', { hasText: tag })
    const badLink = log.getByRole('link', { name: bad })
    await badLink.waitFor({ timeout: 20_000 })
    const mark = log.locator('.unsafe-mark')
    await mark.waitFor({ timeout: 15_000 })
    expect(await mark.count()).toBe(1)
    expect(await mark.innerText()).toMatch(/unsafe/i)
    expect(await badLink.getAttribute('class')).toContain('unsafe')
    expect(await log.getByRole('link', { name: good }).getAttribute('class')).toBe('msg-link')
    expect(lookup.asked().flat()).toContain(bad)
    // The sender's own view is marked too.
    await messageLog(ada.page)
      .locator('.msg', { hasText: tag })
      .locator('.unsafe-mark')
      .waitFor({ timeout: 15_000 })
    // Its preview (of the message's first link) was never asked for: the Worker does not fetch a
    // page the lookup flagged.
    expect(previews).toEqual([])

    // Dismissing the warning opens nothing.
    const context = ben.page.context()
    const pagesBefore = context.pages().length
    const dismissed = ben.page.waitForEvent('dialog')
    const clickDismiss = badLink.click()
    const d1 = await dismissed
    expect(d1.type()).toBe('confirm')
    expect(d1.message()).toMatch(/flagged as phishing/)
    expect(d1.message()).toContain(bad)
    await d1.dismiss()
    await clickDismiss
    await new Promise((r) => setTimeout(r, 1_000))
    expect(context.pages().length).toBe(pagesBefore)

    // Confirming opens it in a new tab.
    const accepted = ben.page.waitForEvent('dialog')
    const opened = context.waitForEvent('page')
    const clickAccept = badLink.click()
    await (await accepted).accept()
    await clickAccept
    const tab = await opened
    await tab.close()
  })

  it('offers no GIF button while GIF search is not configured', async () => {
    const { page } = pair.ada
    await page.getByRole('button', { name: 'Attach a file' }).waitFor()
    expect(await page.getByRole('button', { name: 'Send a GIF' }).count()).toBe(0)
  })
})
