import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { SETTINGS_TEXTS } from '../../shared/settings-texts'
import { messageInLog, messageLog, useOnboardedPair } from './helpers/pair'
import { chateeStatusFor } from './helpers/page-api'

// Stored XSS in the real room: Ben's display name, a message, a file name and a link preview
// (from a local site whose Open Graph tags carry payloads) are shown to Ada as text, and none of
// them runs: no dialog opens, no payload element is created, on either page.
const page = `<!doctype html><html><head><title>t</title>
<meta property="og:title" content="&lt;img src=x onerror=alert('title')&gt;">
<meta property="og:description" content="<script>alert('desc')</script>">
</head><body><script>alert('body')</script></body></html>`
const site = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end(page),
)
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
const pair = useOnboardedPair({ LINK_PREVIEW_TEST_ORIGINS: origin })
afterAll(() => new Promise((r) => site.close(r)))

const NAME = `<img src=x onerror=alert('name')>`
// Texts of their own per attempt: a retry must not find the first attempt's rows.
let attempt = 0

const dialogs: string[] = []
const watch = (p: Page) =>
  p.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
/** Elements a payload would have created had it been parsed as markup. */
const injected = (p: Page) =>
  p.evaluate(() => document.querySelectorAll('img[src="x"], main script, svg[onload]').length)

describe('stored XSS in the rendered room', () => {
  it('shows a name, a message, a file name and a preview with payloads as text only', async () => {
    const { ada, ben, server } = pair
    const n = ++attempt
    const MESSAGE = `<script>alert('msg')</script><img src=x onerror=alert('msg2')> ${n}`
    const FILE = `<img src=x onerror=alert('file')>${n}.txt`
    watch(ada.page)
    watch(ben.page)
    await ben.page.goto(`${server.url}/settings`)
    const name = ben.page.getByLabel('Display name')
    // A retry may find it saved by the first attempt: no change, nothing to save.
    await expect.poll(() => name.inputValue()).not.toBe('')
    if ((await name.inputValue()) !== NAME) {
      await name.fill(NAME)
      await ben.page.getByRole('button', { name: 'Save name' }).click()
      // Saved on the server before the page is left: leaving earlier cancels the save's request,
      // and Ada then never sees the name (ci94).
      await ben.page.locator('.Toastify__toast', { hasText: SETTINGS_TEXTS.nameSaved }).waitFor()
    }
    expect(await name.inputValue()).toBe(NAME)
    await ben.page.goto(`${server.url}/`)

    const chooser = ben.page.waitForEvent('filechooser')
    await ben.page.getByRole('button', { name: 'Attach a file' }).click()
    await (await chooser).setFiles({ name: FILE, mimeType: 'text/plain', buffer: Buffer.from('x') })
    await ben.page.getByRole('group', { name: 'File to send' }).waitFor()
    const box = ben.page.getByRole('textbox', { name: 'Message' })
    await box.pressSequentially(MESSAGE)
    await box.press('Enter')
    await box.pressSequentially(`${origin}/xss?${n}`)
    await box.press('Enter')

    await messageInLog(ada.page, MESSAGE).waitFor({ timeout: 20_000 })
    await messageLog(ada.page).getByText(FILE).first().waitFor({ timeout: 20_000 })
    await messageLog(ada.page)
      .getByRole('link', { name: `Link preview: <img src=x onerror=alert('title')>` })
      .last()
      .waitFor({ timeout: 20_000 })
    // Ben's new name reaches Ada with his next status report at the latest (every 20 s). A miss
    // says whether the server had it: then the news did not reach Ada's page.
    const statusNow = await chateeStatusFor(ada.page, server.url, ben.page)
    await expect
      .poll(() => ada.page.getByText(NAME).count(), { timeout: 45_000 })
      .toBeGreaterThan(0)
      .catch(async (err: Error) => {
        const held = JSON.stringify(await statusNow().catch((e: Error) => e.message))
        const header = (await ada.page.getByLabel('Chat partner').innerText()).replace(/\s+/g, ' ')
        throw new Error(`Ada's header: ${header}. The server holds: ${held}. ${err.message}`)
      })

    for (const p of [ada.page, ben.page]) expect(await injected(p)).toBe(0)
    expect(dialogs).toEqual([])
  })
})
