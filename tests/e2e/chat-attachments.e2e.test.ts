import type { Dialog, Page, Request } from 'playwright-core'
import { contrastOf } from './helpers/contrast'
import { apiAs } from './helpers/page-api'
import { clickedYet } from './helpers/clicked'
import { describe, expect, it, onTestFinished } from 'vitest'
import { solidPng } from '../fixtures/png'
import { postMessagesAs, scrollState } from './helpers/chat-view'
import { messageInLog, messageLog, sendMessage, useOnboardedPair } from './helpers/pair'

// Files in messages, as two people use them: uploaded with the SDK, sent with a caption, shown
// live to the partner (an image inline, another file as a download chip), refused over the
// limit before any upload, and kept through failures without uploading twice.
const LIMIT = 64 * 1024
const pair = useOnboardedPair({ FILE_MAX_BYTES: String(LIMIT) })
// Texts and file names of one attempt only: a retry finds the first attempt's messages in the room.
let attempt = 0

type Payload = { name: string; mimeType: string; buffer: Buffer }
const UPLOAD = /\/v1\/storage\/buckets\/files\/files$/
// A stored file's picture, as the bubble loads it.
const VIEW = /\/v1\/storage\/buckets\/files\/files\/[^/]+\/view/
const isUpload = (req: Request) => req.method() === 'POST' && UPLOAD.test(req.url())

/** Picks a file with the composer's "Attach a file" button, types a caption, sends with Enter. */
async function attach(page: Page, file: Payload, caption = '') {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach a file' }).click()
  await (await chooser).setFiles(file)
  await page.getByRole('group', { name: 'File to send' }).getByText(file.name).waitFor()
  const box = page.getByRole('textbox', { name: 'Message' })
  if (caption) await box.pressSequentially(caption)
  await box.press('Enter')
}

const bubbleWith = (page: Page, text: string) =>
  messageLog(page).locator('.msg').filter({ hasText: text })

describe('attachments', () => {
  it('a file picked just before Enter goes with the text: its limit is known before the pick', async () => {
    const { ada, ben } = pair
    const n = ++attempt
    // The room asks for the file limit once it has settled, so a pick needs no request of its
    // own; a check that waited on the network staged the file after Enter had sent the text.
    const asked = () =>
      ada.page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((e) => e.name.endsWith('/api/message/limits')),
      )
    await expect.poll(asked, { timeout: 30_000 }).toBe(true)
    const box = ada.page.getByRole('textbox', { name: 'Message' })
    await box.fill('')
    await box.pressSequentially(`Quick one #${n}`)
    await expect.poll(() => box.inputValue()).toBe(`Quick one #${n}`)
    const chooser = ada.page.waitForEvent('filechooser')
    await ada.page.getByRole('button', { name: 'Attach a file' }).click()
    const file = { name: `quick-${n}.txt`, mimeType: 'text/plain', buffer: Buffer.from('quick') }
    await (await chooser).setFiles(file)
    await box.press('Enter')
    await bubbleWith(ben.page, `Quick one #${n}`).getByRole('link', { name: 'Download' }).waitFor()
    expect(
      await messageLog(ada.page).locator('.file-chip').filter({ hasText: file.name }).count(),
    ).toBe(1)
  })

  it('Ada sends an image with a caption; Ben sees it live, loaded, its box reserved', async () => {
    const { ada, ben } = pair
    const caption = `A red dot #${++attempt}`
    const png = { name: 'dot.png', mimeType: 'image/png', buffer: solidPng(40, 30, [200, 40, 90]) }
    // On its way, the photo shows from memory in the box it will keep, its progress over it (a
    // file chip used to stand there until the upload ended).
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await ada.page.route(UPLOAD, async (route) => {
      await held
      await route.continue()
    })
    // Then the stored thumbnail is held: the picture from memory stays under it until it loads.
    let showStored!: () => void
    const storedHeld = new Promise<void>((resolve) => (showStored = resolve))
    await ada.page.route(VIEW, async (route) => {
      await storedHeld
      await route.continue()
    })
    const mine = bubbleWith(ada.page, caption).getByRole('img', { name: 'dot.png' })
    const under = () => mine.evaluate((el) => el.style.backgroundImage)
    let box: { width: number; height: number } | null
    try {
      await attach(ada.page, png, caption)
      await mine.waitFor()
      expect(await mine.getAttribute('src')).toMatch(/^blob:/)
      const uploading = bubbleWith(ada.page, caption).getByRole('progressbar')
      expect(await uploading.getAttribute('aria-label')).toBe('Uploading dot.png')
      box = await mine.boundingBox()
      release()
      await expect.poll(() => mine.getAttribute('src')).toMatch(/\/v1\/storage\//)
      expect(await under()).toMatch(/^url\("blob:/)
      // Polled: the sent row takes the pending one's place (another element) once it is stored,
      // and an element measured in that instant has no box.
      const size = async () => {
        const stored = await mine.boundingBox()
        return [stored?.width, stored?.height]
      }
      await expect.poll(size).toEqual([box?.width, box?.height])
      showStored()
      await expect.poll(() => mine.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(40)
      await expect.poll(under).toBe('')
    } finally {
      release()
      showStored()
      await ada.page.unrouteAll({ behavior: 'wait' })
    }
    const image = bubbleWith(ben.page, caption).getByRole('img', { name: 'dot.png' })
    await image.waitFor()
    expect(await image.getAttribute('width')).toBe('40')
    expect(await image.getAttribute('height')).toBe('30')
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(40)
    // A click opens the original in the viewer, over the room (a modified click, or one before
    // the app runs, still opens it in a new tab).
    const link = bubbleWith(ben.page, caption).getByRole('link', { name: 'dot.png' })
    expect(await link.getAttribute('target')).toBe('_blank')
    const href = (await link.getAttribute('href'))!
    expect(href).toMatch(/\/v1\/storage\/buckets\/files\/files\/.+\/view/)
    await link.click()
    const viewer = ben.page.getByRole('dialog', { name: 'dot.png' })
    const full = viewer.getByRole('img', { name: 'dot.png' })
    await expect.poll(() => full.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(40)
    expect(await full.getAttribute('src')).toBe(href)
    expect(await viewer.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(
      /\/download/,
    )
    expect(ben.page.context().pages()).toHaveLength(1)
    // Escape gives the room back, the focus on the photo again.
    await ben.page.keyboard.press('Escape')
    await viewer.waitFor({ state: 'detached' })
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true)
    // So does a click beside the photo.
    await link.click()
    await viewer.waitFor()
    await ben.page.mouse.click(3, ben.page.viewportSize()!.height - 3)
    await viewer.waitFor({ state: 'detached' })
  })

  it("the viewer moves through the room's photos: arrow keys, its buttons, a mouse's or a finger's swipe", async () => {
    const { ada, ben } = pair
    const n = ++attempt
    const names = [`left-${n}.png`, `right-${n}.png`]
    for (const [i, name] of names.entries())
      await attach(
        ada.page,
        { name, mimeType: 'image/png', buffer: solidPng(30, 20, [40 * i, 120, 60]) },
        `Gallery ${i + 1} #${n}`,
      )
    const link = bubbleWith(ben.page, `Gallery 1 #${n}`).getByRole('link', { name: names[0] })
    // Both here before the viewer opens: the gallery is the photos loaded then (ci150 pressed
    // its arrow before the second had arrived).
    await bubbleWith(ben.page, `Gallery 2 #${n}`).getByRole('link', { name: names[1] }).waitFor()
    await link.click()
    const viewer = ben.page.getByRole('dialog', { name: names[0] })
    await viewer.waitFor()
    const shown = ben.page.locator('dialog.image-viewer img')
    // Closed whatever happens: left open, it would cover the room for the tests after it.
    onTestFinished(async () => {
      if (await ben.page.locator('dialog.image-viewer').count())
        await ben.page.keyboard.press('Escape')
    })
    // Its focus ring reads on its dark backdrop in the light theme too: at least 3:1 (WCAG
    // 1.4.11). The light theme's indigo held that line (3.1:1) and was hard to see; it is 10:1 now.
    const [ringColour, backdrop] = await ben.page.locator('dialog.image-viewer').evaluate((el) => {
      const probe = document.createElement('i')
      probe.style.color = getComputedStyle(el).getPropertyValue('--focus-ring')
      el.append(probe)
      const colours = [getComputedStyle(probe).color, getComputedStyle(el).backgroundColor]
      probe.remove()
      return colours
    })
    const ring = contrastOf(ringColour!, backdrop!)
    expect(ring).toBeGreaterThan(3)
    await ben.page.keyboard.press('ArrowRight')
    await ben.page.getByRole('dialog', { name: names[1] }).waitFor()
    expect(await shown.getAttribute('alt')).toBe(names[1])
    // The room's newest photo has no next one.
    expect(await ben.page.getByRole('button', { name: 'Next photo' }).count()).toBe(0)
    await ben.page.keyboard.press('ArrowLeft')
    await viewer.waitFor()
    await ben.page.getByRole('button', { name: 'Next photo' }).click()
    await ben.page.getByRole('dialog', { name: names[1] }).waitFor()
    // A finger's swipe to the right goes back, and is no click that closes the viewer.
    const box = (await shown.boundingBox())!
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    await ben.page.mouse.move(x - 60, y)
    await ben.page.mouse.down()
    await ben.page.mouse.move(x + 60, y, { steps: 4 })
    await ben.page.mouse.up()
    await viewer.waitFor()
    // A finger's own swipe to the left goes on: the browser does not take it for a scroll of the
    // page (which sent the viewer pointercancel, never pointerup).
    const cdp = await ben.page.context().newCDPSession(ben.page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: at, y }],
      })
    await touch('touchStart', x + 60)
    for (const step of [1, 2, 3, 4]) await touch('touchMove', x + 60 - 30 * step)
    await touch('touchEnd', x - 60)
    await cdp.detach()
    await ben.page.getByRole('dialog', { name: names[1] }).waitFor()
    await ben.page.keyboard.press('ArrowLeft')
    await viewer.waitFor()
    // On a phone the × stays on the name's line; the links and "1 of 2" go under them.
    const size = ben.page.viewportSize()!
    await ben.page.setViewportSize({ width: 390, height: 844 })
    try {
      const box = (selector: string) =>
        ben.page.locator(selector).evaluate((el) => {
          const r = el.getBoundingClientRect()
          return { top: r.top, bottom: r.bottom, middle: (r.top + r.bottom) / 2 }
        })
      const [name, close, count] = [
        await box('.image-viewer-name'),
        await box('.image-viewer-close'),
        await box('.image-viewer-count'),
      ]
      expect(close.middle).toBeGreaterThan(name.top)
      expect(close.middle).toBeLessThan(name.bottom)
      expect(count.top).toBeGreaterThanOrEqual(name.bottom)
    } finally {
      await ben.page.setViewportSize(size)
    }
    await ben.page.keyboard.press('Escape')
    await viewer.waitFor({ state: 'detached' })
    // The focus goes back to the photo it was opened from.
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('a photo without a caption is quoted as "Photo", not by its file name', async () => {
    const { ada, ben } = pair
    const name = `IMG_${++attempt}.png`
    await attach(ada.page, { name, mimeType: 'image/png', buffer: solidPng(20, 20, [90, 20, 200]) })
    const photo = messageLog(ben.page)
      .locator('.msg')
      .filter({ has: ben.page.getByRole('link', { name }) })
    await photo.hover()
    await photo.getByRole('button', { name: 'Message actions' }).click()
    await ben.page.getByRole('menuitem', { name: 'Reply' }).click()
    await expect.poll(() => ben.page.locator('.quote-bar').textContent()).toContain('Photo')
    expect(await ben.page.locator('.quote-bar').textContent()).not.toContain(name)
    await sendMessage(ben.page, `Lovely colour #${attempt}`)
    const reply = bubbleWith(ada.page, `Lovely colour #${attempt}`).locator('.reply-quote')
    await expect.poll(() => reply.textContent()).toContain('Photo')
  })

  it('a photo being viewed that its sender deletes closes, the focus going to the messages', async () => {
    const { ada, ben, server } = pair
    const caption = `Deleted while viewed #${++attempt}`
    const png = { name: 'gone.png', mimeType: 'image/png', buffer: solidPng(20, 20, [20, 90, 200]) }
    await attach(ada.page, png, caption)
    const link = bubbleWith(ben.page, caption).getByRole('link', { name: 'gone.png' })
    await link.click()
    const viewer = ben.page.getByRole('dialog', { name: 'gone.png' })
    await viewer.waitFor()
    let id: string | null = null
    await expect
      .poll(async () => (id = await bubbleWith(ada.page, caption).getAttribute('data-id')))
      .toBeTruthy()
    await apiAs(ada.page, server.url)('/message/delete', { messageId: id })
    await viewer.waitFor({ state: 'detached' })
    await expect
      .poll(() => ben.page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('log')
  })

  it('Ada sends a text file; Ben downloads the same bytes from its chip', async () => {
    const { ada, ben } = pair
    const text = 'Notes for Ben\n'.repeat(180) // 2520 bytes
    const file = {
      name: `notes-${++attempt}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(text),
    }
    await attach(ada.page, file)
    const chip = messageLog(ben.page).locator('.file-chip').filter({ hasText: file.name })
    await chip.getByText('2.5 KB').waitFor()
    const href = await chip.getByRole('link', { name: 'Download' }).getAttribute('href')
    const got = await ben.page.evaluate(async (url) => {
      const res = await fetch(url!)
      return { status: res.status, body: await res.text() }
    }, href)
    expect(got).toEqual({ status: 200, body: text })
  })

  it('stages a pasted file and dropped ones, on the composer or the messages; a file goes without a caption too', async () => {
    const { ada, ben } = pair
    const n = ++attempt
    const staged = ada.page.getByRole('group', { name: 'File to send' })
    // The browser's own paste and drop events, carrying a file as the clipboard or a drag does.
    const where = { textarea: '.composer textarea', form: '.composer', log: '[role="log"]' }
    const fire = (target: keyof typeof where, type: 'paste' | 'drop', name: string) =>
      ada.page.locator(where[target]).evaluate(
        (el, [kind, fileName]) => {
          const data = new DataTransfer()
          data.items.add(new File(['from ' + kind], fileName!, { type: 'text/plain' }))
          const init = { bubbles: true, cancelable: true }
          el.dispatchEvent(
            kind === 'paste'
              ? new ClipboardEvent('paste', { ...init, clipboardData: data })
              : new DragEvent('drop', { ...init, dataTransfer: data }),
          )
        },
        [type, name],
      )
    // A full log, read at its bottom: the composer growing by the staged file keeps it there.
    const filler = Array.from({ length: 20 }, (_, i) => `Filler ${i + 1} #${n}`)
    await postMessagesAs(ben.page, pair.server.url, 'home', filler)
    await messageInLog(ada.page, `Filler 20 #${n}`).waitFor()
    await expect.poll(async () => (await scrollState(ada.page)).fromBottom).toBeLessThan(2)
    await fire('textarea', 'paste', 'pasted.txt')
    await staged.getByText('pasted.txt').waitFor()
    expect((await scrollState(ada.page)).top).toBeGreaterThan(0)
    await expect.poll(async () => (await scrollState(ada.page)).fromBottom).toBeLessThan(2)
    await staged.getByRole('button', { name: 'Remove pasted.txt' }).click()
    await staged.waitFor({ state: 'detached' })
    await fire('form', 'drop', `dropped-${n}.txt`)
    await staged.getByText(`dropped-${n}.txt`).waitFor()
    // Held over the messages, a file may be dropped there (the browser would open it in the
    // app's place), and the composer shows where it will go.
    const allowed = await ada.page.locator(where.log).evaluate((el) => {
      const data = new DataTransfer()
      data.items.add(new File(['held'], 'held.txt', { type: 'text/plain' }))
      const over = new DragEvent('dragover', {
        bubbles: true,
        cancelable: true,
        dataTransfer: data,
      })
      el.dispatchEvent(over)
      return over.defaultPrevented
    })
    expect(allowed).toBe(true)
    const dragging = ada.page.locator('.composer.dragging')
    await dragging.waitFor()
    await fire('log', 'drop', `on-the-log-${n}.txt`)
    await staged.getByText(`on-the-log-${n}.txt`).waitFor()
    expect(await dragging.count()).toBe(0)
    await staged.getByRole('button', { name: `Remove on-the-log-${n}.txt` }).click()
    await ada.page.getByRole('button', { name: 'Send message' }).click()
    const chip = messageLog(ben.page)
      .locator('.file-chip')
      .filter({ hasText: `dropped-${n}.txt` })
    await chip.getByText('9 B').waitFor() // "from drop"
    expect(await chip.locator('xpath=..').locator('.msg-text').count()).toBe(0)
  })

  it('several files picked at once go as messages of their own, in order, the caption with the first', async () => {
    const { ada, ben } = pair
    const n = ++attempt
    const names = ['one', 'two', 'three'].map((w) => `${w}-${n}.txt`)
    // The first is the largest: its upload ends last, and it still goes first.
    const files = names.map((name, i) => ({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.alloc((3 - i) * 20_000, 'x'),
    }))
    const chooser = ada.page.waitForEvent('filechooser')
    await ada.page.getByRole('button', { name: 'Attach a file' }).click()
    await (await chooser).setFiles(files)
    const staged = ada.page.getByRole('group', { name: 'File to send' })
    await expect.poll(() => staged.count()).toBe(3)
    await staged.getByRole('button', { name: `Remove ${names[1]}` }).click()
    await expect.poll(() => staged.count()).toBe(2)
    const box = ada.page.getByRole('textbox', { name: 'Message' })
    await box.pressSequentially(`Both files #${n}`)
    await box.press('Enter')
    await expect.poll(() => staged.count()).toBe(0)
    const row = (name: string) => messageLog(ben.page).locator('.msg').filter({ hasText: name })
    await row(names[2]!).waitFor()
    await row(names[0]!).waitFor()
    expect(await row(names[0]!).innerText()).toContain(`Both files #${n}`)
    expect(await row(names[2]!).innerText()).not.toContain('Both files')
    // Stored one after the other, in the order picked; the removed one not at all.
    const seqs = await Promise.all(
      names.filter((_, i) => i !== 1).map((f) => row(f).getAttribute('data-seq')),
    )
    expect(Number(seqs[1])).toBe(Number(seqs[0]) + 1)
    expect(await row(names[1]!).count()).toBe(0)
  })

  it('attaches at most ten at once, and says so', async () => {
    const { page } = pair.ada
    const files = Array.from({ length: 11 }, (_, i) => ({
      name: `many-${i + 1}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`file ${i + 1}`),
    }))
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Attach a file' }).click()
    await (await chooser).setFiles(files)
    await page
      .getByRole('alert')
      .filter({ hasText: 'Up to 10 files go at once: the others were left out.' })
      .waitFor()
    const staged = page.getByRole('group', { name: 'File to send' })
    await expect.poll(() => staged.count()).toBe(10)
    expect(await staged.getByText('many-11.txt').count()).toBe(0)
    while ((await staged.count()) > 0) await staged.first().getByRole('button').click()
  })

  it('refuses a file over the limit with a toast, before uploading anything', async () => {
    const { page } = pair.ada
    const uploads: Request[] = []
    page.on('request', (req) => isUpload(req) && uploads.push(req))
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Attach a file' }).click()
    await (
      await chooser
    ).setFiles({
      name: 'big.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(LIMIT + 1),
    })
    await page
      .getByRole('alert')
      .filter({ hasText: 'big.bin is 64 KB; the largest file you can send is 64 KB.' })
      .waitFor()
    expect(await page.getByRole('group', { name: 'File to send' }).count()).toBe(0)
    expect(uploads).toHaveLength(0)
  })

  it('shows the upload in progress; a failed one says so and uploads again on "Retry upload"', async () => {
    const { ada, ben } = pair
    const n = ++attempt
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    // The first upload is held, then fails; so does every upload until "Retry upload" is
    // clicked, the app's own next tries meanwhile too.
    const clicked = await clickedYet(ada.page, 'Retry upload')
    await ada.page.route(UPLOAD, async (route) => {
      if (!isUpload(route.request()) || (await clicked())) return route.continue()
      await held
      await route.abort()
    })
    const file = { name: `retry-${n}.txt`, mimeType: 'text/plain', buffer: Buffer.from('again') }
    const failed = bubbleWith(ada.page, `Second try #${n}`).locator('..').getByRole('alert')
    try {
      await attach(ada.page, file, `Second try #${n}`)
      // While the file is on its way, the pending bubble shows the upload.
      const bubble = bubbleWith(ada.page, `Second try #${n}`)
      await bubble.getByRole('progressbar', { name: `Uploading ${file.name}` }).waitFor()
      await bubble.getByText('Uploading…').waitFor()
      release()
      await failed.getByText('Upload failed.').waitFor()
      await failed.getByRole('button', { name: 'Retry upload' }).click()
      await bubbleWith(ben.page, `Second try #${n}`).getByText(file.name).waitFor()
    } finally {
      release()
      // Waits for the held upload's handler: removed under it, its abort() would throw.
      await ada.page.unrouteAll({ behavior: 'wait' })
    }
  })

  it('a photo whose upload failed is dimmed and marked over it; Retry upload sends it', async () => {
    const { ada, ben } = pair
    const caption = `Photo again #${++attempt}`
    const png = {
      name: `again-${attempt}.png`,
      mimeType: 'image/png',
      buffer: solidPng(30, 30, [20, 160, 90]),
    }
    const clicked = await clickedYet(ada.page, 'Retry upload')
    await ada.page.route(UPLOAD, async (route) =>
      isUpload(route.request()) && !(await clicked()) ? route.abort() : route.continue(),
    )
    try {
      await attach(ada.page, png, caption)
      const row = bubbleWith(ada.page, caption).locator('..')
      await row.getByRole('alert').getByText('Upload failed.').waitFor()
      const photo = row.locator('.pending-photo.failed')
      await photo.locator('.pending-photo-failed').waitFor()
      expect(await photo.getByRole('img', { name: png.name }).getAttribute('src')).toMatch(/^blob:/)
      await row.getByRole('button', { name: 'Retry upload' }).click()
      await bubbleWith(ben.page, caption).getByRole('img', { name: png.name }).waitFor()
      await photo.waitFor({ state: 'detached' })
    } finally {
      await ada.page.unrouteAll({ behavior: 'wait' })
    }
  })

  it('online, an upload the network drops goes again by itself', async () => {
    const { ada, ben } = pair
    const caption = `Dropped upload #${++attempt}`
    let uploads = 0
    await ada.page.route(UPLOAD, (route) =>
      isUpload(route.request()) && ++uploads === 1 ? route.abort() : route.continue(),
    )
    const file = {
      name: `dropped-${attempt}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    }
    try {
      await attach(ada.page, file, caption)
      await bubbleWith(ben.page, caption).getByText(file.name).waitFor()
    } finally {
      await ada.page.unrouteAll({ behavior: 'wait' })
    }
    expect(uploads).toBe(2)
  })

  it('a file sent before its upload script could arrive fails as an upload does; Retry upload sends it', async () => {
    const { ada, ben } = pair
    const caption = `Script late #${++attempt}`
    // A fresh tab of Ada's that cannot fetch the upload's chunk (upload-run.ts): no service
    // worker to serve it from its cache, so the network is asked, and refuses.
    const context = await pair.chrome.browser.newContext({ serviceWorkers: 'block' })
    onTestFinished(() => context.close())
    await context.addCookies(await ada.page.context().cookies())
    const page = await context.newPage()
    let blocked = true
    await page.route(/\/assets\/upload-run-[\w-]+\.js$/, (route) =>
      blocked ? route.abort() : route.continue(),
    )
    await page.goto(pair.server.url)
    const file = {
      name: `late-${attempt}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from('late'),
    }
    await attach(page, file, caption)
    const failed = bubbleWith(page, caption).locator('..').getByRole('alert')
    await failed.getByText('Upload failed.').waitFor()
    blocked = false
    await failed.getByRole('button', { name: 'Retry upload' }).click()
    await bubbleWith(ben.page, caption).getByText(file.name).waitFor()
    await failed.waitFor({ state: 'detached' })
  })

  it('an upload can be cancelled: the bubble goes, nothing is sent, what was stored is deleted', async () => {
    const { ada, ben } = pair
    const caption = `Never mind #${++attempt}`
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await ada.page.route(UPLOAD, async (route) => {
      if (!isUpload(route.request())) return route.continue()
      await held
      await route.continue()
    })
    const file = {
      name: `cancel-${attempt}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from('no'),
    }
    const sends: Request[] = []
    const onRequest = (r: Request) => r.url().endsWith('/api/message/add') && sends.push(r)
    ada.page.on('request', onRequest)
    try {
      await attach(ada.page, file, caption)
      const bubble = bubbleWith(ada.page, caption)
      const cancel = bubble.getByRole('button', { name: `Cancel the upload of ${file.name}` })
      await cancel.click()
      await bubble.waitFor({ state: 'detached' })
      // The file's request ends after the cancel: the stored file is deleted, not sent.
      const deleted = ada.page.waitForRequest(
        (r) =>
          r.method() === 'DELETE' && /\/v1\/storage\/buckets\/files\/files\/\w+$/.test(r.url()),
      )
      release()
      expect((await (await deleted).response())?.status()).toBe(204)
    } finally {
      release()
      await ada.page.unrouteAll({ behavior: 'wait' })
      ada.page.off('request', onRequest)
    }
    // A later message goes; the cancelled one never did, for either of them.
    await sendMessage(ada.page, `After the cancel #${attempt}`)
    await messageInLog(ben.page, `After the cancel #${attempt}`).waitFor()
    expect(await bubbleWith(ben.page, caption).count()).toBe(0)
    expect(sends.map((r) => r.postDataJSON().message)).not.toContain(caption)
  })

  it('leaving during an upload asks first; a reload anyway keeps the caption as the draft', async () => {
    const { ada } = pair
    const caption = `Typed before the reload #${++attempt}`
    const box = ada.page.getByRole('textbox', { name: 'Message' })
    // A retry finds the first attempt's caption kept as the draft.
    await box.fill('')
    await ada.page.route(UPLOAD, (route) =>
      isUpload(route.request()) ? new Promise(() => {}) : route.continue(),
    )
    const asked: string[] = []
    const onDialog = (d: Dialog) => (asked.push(d.type()), void d.accept())
    ada.page.on('dialog', onDialog)
    try {
      const file = {
        name: `reload-${attempt}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from('r'),
      }
      await attach(ada.page, file, caption)
      await bubbleWith(ada.page, caption).getByText('Uploading…').waitFor()
      // Reloaded once the page is idle: in one clean-clone run under load the reload went without
      // the dialog (cause not found; a renderer still busy drawing the upload is a guess).
      await ada.page.evaluate(() => new Promise((done) => requestIdleCallback(done)))
      await ada.page.reload()
    } finally {
      ada.page.off('dialog', onDialog)
      await ada.page.unrouteAll({ behavior: 'ignoreErrors' })
    }
    expect(asked).toEqual(['beforeunload'])
    await expect.poll(() => box.inputValue()).toBe(caption)
    await box.fill('')
  })

  it('offline, an upload waits for the connection and goes on by itself when it is back', async () => {
    const { ada, ben } = pair
    const caption = `Uploaded once back #${++attempt}`
    const file = { name: 'back.txt', mimeType: 'text/plain', buffer: Buffer.from('back') }
    await ada.page.context().setOffline(true)
    try {
      await attach(ada.page, file, caption)
      const row = bubbleWith(ada.page, caption).locator('..')
      await row.getByText('Waiting for the connection to upload').waitFor({ timeout: 15_000 })
      expect(await row.getByRole('alert').count()).toBe(0)
    } finally {
      await ada.page.context().setOffline(false)
    }
    await bubbleWith(ben.page, caption).getByText('back.txt').waitFor({ timeout: 20_000 })
  })

  it('offline, a photo waits in its bubble as the picture it is, and goes once back', async () => {
    const { ada, ben } = pair
    const caption = `Photo for later #${++attempt}`
    const png = {
      name: `later-${attempt}.png`,
      mimeType: 'image/png',
      buffer: solidPng(30, 20, [240, 180, 20]),
    }
    // The staged file's part is a chunk the room asks for once it has settled (message-parts.ts),
    // with the chunks and styles it imports (links the bundler's preload adds to the head); an
    // attempt once went offline before all of them had come, and the pick showed nothing. (The
    // installed app's service worker keeps the chunks for a real offline visit.)
    const partsIn = () =>
      ada.page.evaluate(() => {
        const loaded = new Set(performance.getEntriesByType('resource').map((e) => e.name))
        const links = document.head.querySelectorAll<HTMLLinkElement>(
          'link[rel="modulepreload"], link[rel="stylesheet"]',
        )
        return (
          [...loaded].some((name) => name.includes('staged-file')) &&
          [...links].every((link) => loaded.has(link.href))
        )
      })
    await expect.poll(partsIn, { timeout: 15_000 }).toBe(true)
    await ada.page.context().setOffline(true)
    try {
      await attach(ada.page, png, caption)
      const row = bubbleWith(ada.page, caption).locator('..')
      await row.getByText('Waiting for the connection to upload').waitFor({ timeout: 15_000 })
      const picture = row.getByRole('img', { name: png.name })
      expect(await picture.getAttribute('src')).toMatch(/^blob:/)
      await expect.poll(() => picture.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(30)
      // Waiting, not failed: not a failure's grey, which left her own photo hard to tell.
      expect(await picture.evaluate((el) => getComputedStyle(el).filter)).toBe('none')
    } finally {
      await ada.page.context().setOffline(false)
    }
    await bubbleWith(ben.page, caption).getByRole('img', { name: png.name }).waitFor()
  })

  it('a failed send keeps the uploaded file: after a reload it goes out without a new upload', async () => {
    const { ada, ben } = pair
    const caption = `Kept file #${++attempt}`
    await ada.page.route('**/api/message/add', (route) => route.abort())
    const file = { name: 'kept.txt', mimeType: 'text/plain', buffer: Buffer.from('kept') }
    await attach(ada.page, file, caption)
    await bubbleWith(ada.page, caption).locator('..').getByText('Not sent.').waitFor()
    const uploads: Request[] = []
    ada.page.on('request', (req) => isUpload(req) && uploads.push(req))
    await ada.page.reload()
    // Restored, and still failing (the outbox tries again by itself, so the route stays).
    await bubbleWith(ada.page, caption).locator('..').getByText('Not sent.').waitFor()
    await ada.page.unrouteAll({ behavior: 'wait' })
    await bubbleWith(ben.page, caption).getByText('kept.txt').waitFor()
    expect(uploads).toHaveLength(0)
  })
})
