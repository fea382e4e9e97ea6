import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solidPng } from '../fixtures/png'
import { useAppAndBrowser } from './helpers/app'
import { openPage, type TestPage } from './helpers/browser'
import { contrastOf } from './helpers/contrast'
import { isRetry } from './helpers/attempts'
import { messageLog } from './helpers/pair'
import { ADA } from './helpers/pair'
import { onboardViaApi } from './helpers/register-api'
import { signedInMarker } from './helpers/users'

// "Blur media until I click" and "Loop videos": account prefs saved in Settings, applied at once
// in Ada's other tab (the account's realtime event), to an image and a WebM video played inline.
const app = useAppAndBrowser()
let desk: TestPage
let other: Page

type Payload = { name: string; mimeType: string; buffer: Buffer }

/** A real WebM recorded by the browser itself from a canvas (no binary fixture in the repo). */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 64
    canvas.height = 48
    const ctx = canvas.getContext('2d')!
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' })
    const parts: Blob[] = []
    recorder.ondataavailable = (e) => parts.push(e.data)
    const done = new Promise((r) => (recorder.onstop = r))
    recorder.start()
    for (let i = 0; i < 8; i++) {
      ctx.fillStyle = `hsl(${i * 40} 80% 50%)`
      ctx.fillRect(0, 0, 64, 48)
      await new Promise((r) => setTimeout(r, 60))
    }
    recorder.stop()
    await done
    return [...new Uint8Array(await new Blob(parts).arrayBuffer())]
  })
  return Buffer.from(bytes)
}

async function attach(page: Page, file: Payload) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach a file' }).click()
  await (await chooser).setFiles(file)
  await page.getByRole('group', { name: 'File to send' }).getByText(file.name).waitFor()
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
}

beforeAll(async () => {
  desk = await openPage(app.chrome.browser)
  await onboardViaApi(desk.page, app.server.url, ADA)
  await attach(desk.page, {
    name: 'dot.png',
    mimeType: 'image/png',
    buffer: solidPng(40, 30, [200, 40, 90]),
  })
  const webm = await recordWebm(desk.page)
  await attach(desk.page, { name: 'clip.webm', mimeType: 'video/webm', buffer: webm })
  await messageLog(desk.page).getByRole('img', { name: 'dot.png' }).waitFor()
  await messageLog(desk.page).locator('video[aria-label="clip.webm"]').waitFor()
  other = await desk.page.context().newPage()
  await other.goto(app.server.url)
  await messageLog(other).locator('video[aria-label="clip.webm"]').waitFor()
}, 150_000)

afterAll(async () => {
  await other?.close()
  await desk?.close()
})

const media = (page: Page) => page.getByRole('region', { name: 'Media' })

describe('media settings', () => {
  it('plays a WebM inline with controls, not looping by default; nothing blurred', async () => {
    const video = messageLog(other).locator('video[aria-label="clip.webm"]')
    expect(await video.getAttribute('controls')).not.toBeNull()
    expect(await video.evaluate((v: HTMLVideoElement) => v.loop)).toBe(false)
    expect(
      await messageLog(other)
        .getByRole('button', { name: /^Show / })
        .count(),
    ).toBe(0)
  })

  it('blurs media in the other tab at once, until clicked', async (ctx) => {
    const { page } = desk
    await signedInMarker(page).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    const blur = media(page).getByLabel('Blur media until I click')
    // Off, as on a fresh account; a retry finds it as the first attempt left it.
    await blur.setChecked(false)
    // What a click showed stays shown for the page's life: a retry's tab starts anew.
    if (isRetry(ctx)) {
      await other.reload()
      await messageLog(other).locator('video[aria-label="clip.webm"]').waitFor()
    }
    await expect
      .poll(() =>
        messageLog(other)
          .getByRole('button', { name: /^Show / })
          .count(),
      )
      .toBe(0)
    await blur.check()
    await messageLog(other).getByRole('button', { name: 'Show image' }).waitFor()
    await messageLog(other).getByRole('button', { name: 'Show video' }).waitFor()
    expect(await messageLog(other).getByRole('img', { name: 'dot.png' }).count()).toBe(0)
    // Readable in one's own bubble too, whose white text once met the button's white.
    const [text, back] = await messageLog(other)
      .getByRole('button', { name: 'Show image' })
      .evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor])
    expect(contrastOf(text!, back!)).toBeGreaterThan(4.5)
    await messageLog(other).getByRole('button', { name: 'Show image' }).click()
    await messageLog(other).getByRole('img', { name: 'dot.png' }).waitFor()
    expect(await messageLog(other).getByRole('button', { name: 'Show video' }).count()).toBe(1)
  })

  it('loops videos everywhere once asked, and keeps both settings with the account', async (ctx) => {
    const { page } = desk
    // The video the first attempt showed stays shown until the tab loads again.
    if (isRetry(ctx)) await other.reload()
    await media(page).getByLabel('Loop videos').check()
    await messageLog(other).getByRole('button', { name: 'Show video' }).click()
    const video = messageLog(other).locator('video[aria-label="clip.webm"]')
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.loop)).toBe(true)
    await page.reload()
    // The reloaded page reads the settings again: at a load of 15 that takes more than the
    // poll's default second.
    await expect
      .poll(() => media(page).getByLabel('Loop videos').isChecked(), { timeout: 15_000 })
      .toBe(true)
    expect(await media(page).getByLabel('Blur media until I click').isChecked()).toBe(true)
  })
})
