import type { Page, Request } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { toneWav } from '../fixtures/wav'
import { shareBoth } from './helpers/presence-sharing'
import { createRooms, sidebarRoom } from './helpers/rooms'
import { v1InPage } from './helpers/page-api'
import { BEN, messageLog, sendMessage, useOnboardedPair } from './helpers/pair'

// Voice messages as two people use them: Ada records with the composer's microphone (Chromium's
// fake device, a beep), Ben plays it in its bubble; an audio file plays the same way; a cancelled
// or refused recording sends nothing.
const pair = useOnboardedPair()
let shedAttempt = 0
const box = (page: Page) => page.getByRole('textbox', { name: 'Message' })
const mic = (page: Page) => page.getByRole('button', { name: 'Record a voice message' })
const voices = (page: Page) => messageLog(page).getByRole('group', { name: /^Voice message/ })
const UPLOAD = /\/v1\/storage\/buckets\/files\/files$/
const isUpload = (req: Request) => req.method() === 'POST' && UPLOAD.test(req.url())

type Row = { fileType: string; fileDuration: number; fileWaveform: string; fileName: string }
/** The newest message row as the partner's SDK reads it. */
const newestRow = async (page: Page) =>
  (
    (await v1InPage(
      page,
      'GET',
      `/tablesdb/kathelia/tables/messages/rows?queries[]=${encodeURIComponent(
        JSON.stringify({ method: 'orderDesc', attribute: '$sequence' }),
      )}&queries[]=${encodeURIComponent(JSON.stringify({ method: 'limit', values: [1] }))}`,
    )) as { rows: Row[] }
  ).rows[0]!

/** The page's requests that `match`, from now until the test ends. */
function requestsOf(page: Page, match: (r: Request) => boolean): Request[] {
  const seen: Request[] = []
  const onRequest = (r: Request) => void (match(r) && seen.push(r))
  page.on('request', onRequest)
  onTestFinished(() => void page.off('request', onRequest))
  return seen
}

/** Keeps the streams the page's getUserMedia hands out, to see whether they were let go. */
const watchMicrophone = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { streams: MediaStream[]; watching?: true }
    w.streams = []
    // Once a page: wrapped twice (a retry), each stream would be kept twice.
    if (w.watching) return
    w.watching = true
    const get = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
    navigator.mediaDevices.getUserMedia = async (c) => {
      const stream = await get(c)
      w.streams.push(stream)
      return stream
    }
  })
const liveTracks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { streams: MediaStream[] }).streams
        .flatMap((s) => s.getTracks())
        .filter((t) => t.readyState === 'live').length,
  )

/** Taps the microphone (allowed) and waits for the recording strip, which it returns. */
async function startRecording(page: Page) {
  await page.context().grantPermissions(['microphone'])
  await mic(page).click()
  const recording = page.getByRole('group', { name: 'Recording a voice message' })
  await recording.waitFor()
  return recording
}

/** Records for about `ms` and sends with the recorder's Send button. */
async function record(page: Page, ms: number) {
  await watchMicrophone(page)
  const recording = await startRecording(page)
  // Send has the focus, so Enter would send: a keyboard user needs no hunting.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Send the voice message')
  await page.waitForTimeout(ms)
  expect(await liveTracks(page)).toBe(1)
  await recording.getByRole('button', { name: 'Send the voice message' }).click()
  await recording.waitFor({ state: 'detached' })
  expect(await liveTracks(page)).toBe(0)
}

describe('voice messages', () => {
  it('Ada records one; Ben sees its length and bars and plays it, at the speed he picks', async () => {
    const { ada, ben } = pair
    // The speed is the device's: a retry starts again at 1×.
    await ben.page.evaluate(() => localStorage.removeItem('kathelia-voice-rate'))
    const before = await voices(ben.page).count()
    await record(ada.page, 2300)
    await expect.poll(() => voices(ben.page).count(), { timeout: 20_000 }).toBe(before + 1)
    const voice = voices(ben.page).last()
    // The length measured in Ada's browser, shown before a byte of the file is fetched.
    expect(await voice.getAttribute('aria-label')).toMatch(/^Voice message, 2 seconds$/)
    expect(await voice.locator('.voice-time').textContent()).toBe('0:02')
    const row = await newestRow(ben.page)
    expect(row.fileType).toMatch(/^audio\/webm/)
    expect(row.fileName).toMatch(/^Voice message .+\.webm$/)
    expect(row.fileDuration).toBeGreaterThan(1800)
    expect(row.fileDuration).toBeLessThan(3500)
    expect(row.fileWaveform).toMatch(/^[0-9a-v]{48}$/)
    // The fake microphone beeps: the bars are not flat.
    expect(new Set(row.fileWaveform).size).toBeGreaterThan(3)
    const heights = await voice
      .locator('.voice-wave i')
      .evaluateAll((bars) => bars.map((b) => (b as HTMLElement).style.height))
    expect(heights).toHaveLength(48)
    expect(new Set(heights).size).toBeGreaterThan(3)

    const speed = voice.getByRole('button', { name: 'Speed 1×' })
    await speed.click()
    await voice.getByRole('button', { name: 'Speed 1.5×' }).waitFor()
    await voice.getByRole('button', { name: 'Play' }).click()
    await voice.getByRole('button', { name: 'Pause' }).waitFor()
    const audio = voice.locator('audio')
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(0.3)
    expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5)
    // It plays to its end and is ready to play again from the start.
    await voice.getByRole('button', { name: 'Play' }).waitFor({ timeout: 10_000 })
    expect(await voice.locator('.voice-time').textContent()).toBe('0:02')
    // The speed is the device's, for the next voice message too.
    expect(await ben.page.evaluate(() => localStorage.getItem('kathelia-voice-rate'))).toBe('1.5')
  })

  it('the seek bar is a slider: the arrows move through it, and a reply quotes "Voice message"', async () => {
    const { ada, ben } = pair
    const voice = voices(ben.page).last()
    await voice.waitFor()
    const slider = voice.getByRole('slider', { name: 'Position' })
    await slider.focus()
    await slider.press('End')
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^0:02 of 0:02$/)
    await slider.press('Home')
    expect(await slider.getAttribute('aria-valuetext')).toBe('0:00 of 0:02')
    // Ada answers it: the quote names it, as the partner's notification would.
    const own = messageLog(ada.page)
      .locator('.msg')
      .filter({ has: ada.page.getByRole('group', { name: /^Voice message/ }) })
      .last()
    await own.hover()
    await own.getByRole('button', { name: 'Message actions' }).click()
    await ada.page.getByRole('menuitem', { name: 'Reply' }).click()
    await expect.poll(() => ada.page.locator('.quote-bar').textContent()).toContain('Voice message')
    await sendMessage(ada.page, 'That was me humming')
    await messageLog(ben.page)
      .locator('.reply-quote')
      .filter({ hasText: 'Voice message' })
      .last()
      .waitFor()
  })

  it('Escape drops a recording: nothing is uploaded or sent, and the microphone is let go', async () => {
    const { ada, ben } = pair
    const before = await voices(ben.page).count()
    const uploads = requestsOf(ada.page, isUpload)
    await watchMicrophone(ada.page)
    const recording = await startRecording(ada.page)
    await ada.page.waitForTimeout(1200)
    await ada.page.keyboard.press('Escape')
    await recording.waitFor({ state: 'detached' })
    expect(await liveTracks(ada.page)).toBe(0)
    // The composer is as it was, its microphone back in the send button's place.
    await mic(ada.page).waitFor()
    await ada.page.waitForTimeout(1500)
    expect(uploads).toEqual([])
    expect(await voices(ben.page).count()).toBe(before)
  })

  it('with presence shared, Ada reads that Ben is recording while he does; it goes with Escape', async () => {
    const { ada, ben } = pair
    // Typing, and so recording, shows only while both share their presence (Settings).
    await shareBoth(pair)
    const recordingNote = ada.page.getByText(`${BEN.name} is recording a voice message…`)
    const statusReports = requestsOf(ben.page, (r) => r.url().endsWith('/api/user/update-status'))
    // Ada in another room first: Home's entry in her sidebar says it.
    // A room of this attempt's (a second of the same name is refused).
    const shed = `Shed ${++shedAttempt}`
    await createRooms(ada.page, shed)
    await sidebarRoom(ada.page, shed).click()
    const recording = await startRecording(ben.page)
    await sidebarRoom(ada.page, 'Home').locator('.typing-mark', { hasText: 'recording…' }).waitFor()
    await sidebarRoom(ada.page, 'Home').click()
    await recordingNote.waitFor()
    // The recorder renews the flag (which lapses 10 s after a signal) as keys do, every 3 s.
    const payloads = () => statusReports.map((r) => JSON.parse(r.postData()!).payload)
    const typingReports = () => payloads().filter((p) => p.isTyping)
    await expect.poll(() => typingReports().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    expect(await recordingNote.count()).toBe(1)
    await ben.page.keyboard.press('Escape')
    await recording.waitFor({ state: 'detached' })
    await recordingNote.waitFor({ state: 'detached', timeout: 5_000 })
    expect(await ada.page.getByText(`${BEN.name} is typing…`).count()).toBe(0)
    const kinds = payloads()
    expect(kinds.filter((p) => p.isTyping && p.typingKind !== 'voice')).toEqual([])
    expect(kinds.at(-1)).toEqual({ isTyping: false })
  })

  it('Stop lets Ada hear it first: Delete drops it, Send sends it', async () => {
    const { ada, ben } = pair
    const before = await voices(ben.page).count()
    const uploads = requestsOf(ada.page, isUpload)
    await watchMicrophone(ada.page)
    // Each recording is decoded once: the review's measure is the send's too.
    await ada.page.evaluate(() => {
      const w = window as unknown as { decodes: number; countingDecodes?: true }
      w.decodes = 0
      // Once a page: wrapped twice (a retry), each decode would count twice.
      if (w.countingDecodes) return
      w.countingDecodes = true
      const decode = OfflineAudioContext.prototype.decodeAudioData
      OfflineAudioContext.prototype.decodeAudioData = function (...args) {
        w.decodes++
        return decode.apply(this, args)
      }
    })
    const decodes = () =>
      ada.page.evaluate(() => (window as unknown as { decodes: number }).decodes)
    const review = ada.page.getByRole('group', { name: 'Your voice message' })
    const recordAndStop = async () => {
      await startRecording(ada.page)
      await ada.page.waitForTimeout(1500)
      await ada.page.getByRole('button', { name: 'Stop and listen' }).click()
      await review.getByRole('group', { name: /^Voice message, 1 second/ }).waitFor()
      // The microphone is let go at Stop; the player has the focus, to listen.
      expect(await liveTracks(ada.page)).toBe(0)
      await expect
        .poll(() => ada.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Play')
    }
    await recordAndStop()
    await review.getByRole('button', { name: 'Delete the voice message' }).click()
    await review.waitFor({ state: 'detached' })
    await mic(ada.page).waitFor()
    await recordAndStop()
    await ada.page.keyboard.press('Enter')
    await expect
      .poll(() => review.locator('.voice-note').evaluate((el) => el.classList.contains('playing')))
      .toBe(true)
    await review.getByRole('button', { name: 'Send the voice message' }).click()
    await review.waitFor({ state: 'detached' })
    await expect.poll(() => voices(ben.page).count(), { timeout: 20_000 }).toBe(before + 1)
    await ada.page.waitForTimeout(500)
    expect(uploads).toHaveLength(1)
    expect(await decodes()).toBe(2)
  })

  it('a recording can pause: the clock holds, and the pause is not in the message', async () => {
    const { ada, ben } = pair
    const before = await voices(ben.page).count()
    const recording = await startRecording(ada.page)
    await ada.page.waitForTimeout(1300)
    await recording.getByRole('button', { name: 'Pause recording' }).click()
    const clock = recording.getByRole('timer')
    const held = await clock.innerText()
    await ada.page.waitForTimeout(2500)
    expect(await clock.innerText()).toBe(held)
    await recording.getByRole('button', { name: 'Resume recording' }).click()
    await ada.page.waitForTimeout(1300)
    await recording.getByRole('button', { name: 'Send the voice message' }).click()
    await expect.poll(() => voices(ben.page).count(), { timeout: 20_000 }).toBe(before + 1)
    // About 2.6 s recorded over more than 5 s: the pause is not in it.
    expect(await voices(ben.page).last().getAttribute('aria-label')).toMatch(
      /^Voice message, [234] seconds$/,
    )
  })

  it('typing puts the send button back in the microphone’s place', async () => {
    const { ada } = pair
    await mic(ada.page).waitFor()
    await box(ada.page).fill('hello')
    await ada.page.getByRole('button', { name: 'Send message' }).waitFor()
    expect(await mic(ada.page).count()).toBe(0)
    await box(ada.page).fill('')
    await mic(ada.page).waitFor()
  })

  it('once the microphone came, the next room shows it at once, no greyed send button first', async () => {
    const { ada } = pair
    await mic(ada.page).waitFor()
    const room = `Studio ${Date.now()}`
    await createRooms(ada.page, room)
    // Watched from before the switch: every send button the new room's composer ever drew.
    type Watch = { seenSend?: string[]; stopSeen?: () => void }
    await ada.page.evaluate(() => {
      const seen: string[] = []
      const watch = new MutationObserver(() => {
        for (const b of document.querySelectorAll('.composer [aria-label="Send message"]'))
          seen.push((b as HTMLButtonElement).disabled ? 'disabled' : 'enabled')
      })
      watch.observe(document.body, { childList: true, subtree: true })
      Object.assign(window, { seenSend: seen, stopSeen: () => watch.disconnect() })
    })
    onTestFinished(() => ada.page.evaluate(() => (window as Watch).stopSeen?.()))
    onTestFinished(async () => {
      await sidebarRoom(ada.page, 'Home').click()
      await ada.page.getByRole('heading', { name: 'Home' }).waitFor()
    })
    await sidebarRoom(ada.page, room).click()
    await ada.page.getByRole('heading', { name: room }).waitFor()
    await mic(ada.page).waitFor()
    expect(await ada.page.evaluate(() => (window as Watch).seenSend)).toEqual([])
  })

  it('a refused microphone says how to allow it, and nothing is sent', async () => {
    const { ben } = pair
    await ben.page.context().clearPermissions()
    await mic(ben.page).click()
    await ben.page.getByRole('alert').filter({ hasText: 'Microphone blocked' }).waitFor()
    expect(await ben.page.getByRole('group', { name: 'Recording a voice message' }).count()).toBe(0)
  })

  it('voice messages in a row play on, one after the other; a text between them stops it', async () => {
    const { ada, ben } = pair
    const tag = `${Date.now()}`
    const send = async (name: string) => {
      const before = await voices(ben.page).count()
      const chooser = ada.page.waitForEvent('filechooser')
      await ada.page.getByRole('button', { name: 'Attach a file' }).click()
      const wav = toneWav([[440, 0.6, 0.8]])
      await (await chooser).setFiles({ name, mimeType: 'audio/wav', buffer: wav })
      await ada.page.getByRole('group', { name: 'File to send' }).getByText(name).waitFor()
      await box(ada.page).press('Enter')
      await expect.poll(() => voices(ben.page).count(), { timeout: 20_000 }).toBe(before + 1)
    }
    await send(`first-${tag}.wav`)
    await send(`second-${tag}.wav`)
    await sendMessage(ada.page, `Between them ${tag}`)
    await messageLog(ben.page).getByText(`Between them ${tag}`).waitFor()
    await send(`third-${tag}.wav`)
    const n = await voices(ben.page).count()
    const [first, second, third] = [3, 2, 1].map((back) => voices(ben.page).nth(n - back))
    const playing = (note: typeof first) => note!.evaluate((el) => el.classList.contains('playing'))
    // Every start of a sound on Ben's page, counted.
    await ben.page.evaluate(() => {
      const w = window as unknown as { plays: number; countingPlays?: true }
      w.plays = 0
      // Once a page: a second listener (a retry) would count each play twice.
      if (w.countingPlays) return
      w.countingPlays = true
      document.addEventListener('play', () => w.plays++, true)
    })
    const plays = () => ben.page.evaluate(() => (window as unknown as { plays: number }).plays)
    await first!.getByRole('button', { name: 'Play' }).click()
    // The first ends and the second begins by itself; the text after it stops the chain.
    await expect.poll(() => playing(second), { timeout: 10_000 }).toBe(true)
    expect(await playing(first)).toBe(false)
    await expect.poll(() => playing(second), { timeout: 10_000 }).toBe(false)
    await ben.page.waitForTimeout(800)
    expect(await plays()).toBe(2)
    expect(await playing(third)).toBe(false)
  })

  it('an audio file sent as a file plays in its bubble with its length and bars', async () => {
    const { ada, ben } = pair
    const wav = toneWav([
      [440, 0.5, 0.9],
      [0, 0.5, 0],
      [660, 0.5, 0.3],
    ])
    // Counted first: an earlier test's voice messages may be as long as this one.
    const before = await voices(ben.page).count()
    const chooser = ada.page.waitForEvent('filechooser')
    await ada.page.getByRole('button', { name: 'Attach a file' }).click()
    await (await chooser).setFiles({ name: 'tones.wav', mimeType: 'audio/wav', buffer: wav })
    await ada.page.getByRole('group', { name: 'File to send' }).getByText('tones.wav').waitFor()
    await box(ada.page).press('Enter')
    await expect.poll(() => voices(ben.page).count(), { timeout: 20_000 }).toBe(before + 1)
    const voice = messageLog(ben.page)
      .locator('.msg')
      .filter({ has: ben.page.getByRole('group', { name: 'Voice message, 1 second' }) })
      .last()
    await voice.waitFor()
    const row = await newestRow(ben.page)
    expect(row).toMatchObject({ fileType: 'audio/wav', fileName: 'tones.wav' })
    expect(row.fileDuration).toBe(1500)
    // Loud, silent, quieter: the bars say so.
    const bars = Array.from(row.fileWaveform, (d) => parseInt(d, 32))
    expect(Math.max(...bars.slice(0, 14))).toBe(31)
    expect(Math.max(...bars.slice(18, 30))).toBeLessThan(3)
    expect(Math.max(...bars.slice(34))).toBeGreaterThan(10)
    expect(Math.max(...bars.slice(34))).toBeLessThan(31)
    expect(await voice.locator('.voice-time').textContent()).toBe('0:01')
  })
})
