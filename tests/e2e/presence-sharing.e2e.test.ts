import type { Frame, Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { HOME_ROOM_ID } from '../../shared/constants'
import {
  BEN,
  chateePresence,
  presenceShown,
  setAdminView,
  setTabHidden,
  useOnboardedPair,
} from './helpers/pair'
import { openPage } from './helpers/browser'
import { isRetry } from './helpers/attempts'
import { fetchRead, relayRealtime } from './helpers/chat-view'
import { signInViaApi } from './helpers/register-api'
import { holdRequests } from './helpers/page-watch'
import { setSharingInSettings, shareBox } from './helpers/presence-sharing'

// Presence privacy as the spec has it (§1, §6) and the reciprocal sharing in Settings: by default
// neither partner sees the other's presence or typing; the admin does with the admin view on;
// both see each other's only while both share. Ada is the admin, Ben her partner.
const pair = useOnboardedPair()
/** What the page's realtime connection receives, from its next connection on (e.g. a reload). */
function realtimeFrames(page: Page): string[] {
  const frames: string[] = []
  let sockets = 0
  page.on('websocket', (ws) => {
    // Which socket a frame came on: an event on a socket being replaced is not the app's.
    const n = ++sockets
    ws.on('framereceived', ({ payload }) => frames.push(`#${n} ${String(payload)}`))
  })
  return frames
}
const header = (page: Page) => page.getByLabel('Chat partner')

describe('back from a lost connection', () => {
  it('a tab reports itself at once, not at its next heartbeat up to 20 s later', async () => {
    const { page } = pair.ben
    const beat = () =>
      page.waitForRequest((r) => r.url().endsWith('/api/presence/heartbeat'), { timeout: 30_000 })
    // Just after a beat, the next one is about 20 s away (the default grace period's third).
    await beat()
    await page.context().setOffline(true)
    try {
      await new Promise((r) => setTimeout(r, 1_000))
    } finally {
      const back = beat()
      await page.context().setOffline(false)
      const sentAt = Date.now()
      await back
      expect(Date.now() - sentAt).toBeLessThan(8_000)
    }
  })
})

describe('presence sharing', () => {
  it('is off by default: each header shows the partner’s name only', async () => {
    const { ada, ben } = pair
    await header(ben.page).getByText('Ada Lovelace').waitFor()
    await header(ada.page).getByText(BEN.name).waitFor()
    expect(await chateePresence(ben.page).count()).toBe(0)
    expect(await chateePresence(ada.page).count()).toBe(0)
  })

  it('Ben’s page does not ask for a status the server withholds (a 403 in the console each load)', async () => {
    const { ben } = pair
    const asked: string[] = []
    ben.page.on(
      'request',
      (r) => r.url().endsWith('/api/auth/chatee-status') && asked.push(r.url()),
    )
    // The reloaded page's read: one the page before had under way could match, and its body,
    // cut off by the reload, never finishes (a run of five files: the test waited out its 60 s).
    let reloaded = false
    const onNavigated = (frame: Frame) => void (frame === ben.page.mainFrame() && (reloaded = true))
    ben.page.on('framenavigated', onNavigated)
    onTestFinished(() => void ben.page.off('framenavigated', onNavigated))
    const sharingRead = ben.page.waitForResponse(
      (r) => reloaded && r.url().endsWith('/api/user/sharing'),
    )
    await ben.page.reload()
    await (await sharingRead).finished()
    // A read the sharing answer would start goes out at once after it.
    await ben.page.evaluate(() => new Promise((r) => setTimeout(r, 300)))
    expect(asked).toEqual([])
    expect(ben.problems.filter((p) => p.includes('403'))).toEqual([])
  })

  it('the admin view shows Ben’s presence whatever he shares, and hides it when switched off', async () => {
    const { ada } = pair
    await setAdminView(ada.page, true)
    await presenceShown(ada.page, 'Online')
    await setAdminView(ada.page, false)
    await expect.poll(() => chateePresence(ada.page).count()).toBe(0)
  })

  it('sharing alone shows nothing; once both share, each sees the other live', async (ctx) => {
    const { ada, ben } = pair
    // A retry finds both sharing: Ada's goes off again first.
    if (isRetry(ctx)) {
      await setSharingInSettings(ada.page, false)
      await expect.poll(() => chateePresence(ben.page).count()).toBe(0)
    }
    await setSharingInSettings(ben.page, true)
    expect(await chateePresence(ben.page).count()).toBe(0)
    await setSharingInSettings(ada.page, true)
    // No reload: Ben's open page learns of Ada's choice and reads her presence.
    await presenceShown(ben.page, 'Online')
    await presenceShown(ada.page, 'Online')
    // A device that has kept nothing yet knows of the sharing from the page's embedded data,
    // before any request: Ada's presence shows while the sharing read is held.
    await ben.page.evaluate(() => localStorage.clear())
    const release = await holdRequests(ben.page, '**/api/user/sharing')
    try {
      await ben.page.reload()
      await presenceShown(ben.page, 'Online')
    } finally {
      release()
      // Waits for the held request's handler: removed under it, its continue() would throw.
      await ben.page.unrouteAll({ behavior: 'wait' })
    }
  })

  it('a status read answered after a live change does not undo it', async () => {
    const { ada, ben } = pair
    // A retry may find Ben's tab hidden by the first attempt.
    await setTabHidden(ben.page, false)
    await presenceShown(ada.page, 'Online')
    await setSharingInSettings(ben.page, false)
    await expect.poll(() => chateePresence(ada.page).count()).toBe(0)
    // When Ben shares again, Ada's page reads his status. The server answers it (online), but
    // the page gets that answer only after Ben's next change (away) has reached it live.
    let fetched!: () => void
    const read = new Promise<void>((r) => (fetched = r))
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    let held = false
    await ada.page.route('**/api/auth/chatee-status', async (route) => {
      if (held) return route.continue()
      held = true
      const response = await fetchRead(route)
      fetched()
      await gate
      await route.fulfill({ response })
    })
    try {
      await setSharingInSettings(ben.page, true)
      await read
      await setTabHidden(ben.page, true)
      await presenceShown(ada.page, 'Away')
      const stale = ada.page.waitForResponse((r) => r.url().endsWith('/api/auth/chatee-status'))
      release()
      await (await stale).finished()
      await ada.page.evaluate(() => new Promise((r) => setTimeout(r, 100)))
      expect(await chateePresence(ada.page).innerText()).toBe('Away')
    } finally {
      release()
      await ada.page.unroute('**/api/auth/chatee-status')
    }
    await setTabHidden(ben.page, false)
    await presenceShown(ada.page, 'Online')
  })

  it('both sharing: Ada sees Ben typing; after she stops sharing neither sees the other, typing included', async () => {
    const { ada, ben } = pair
    const box = ben.page.getByRole('textbox', { name: 'Message' })
    const typing = ada.page.getByText(`${BEN.name} is typing…`)
    // A retry finds what the first attempt left: Ada not sharing, her admin view on.
    await setSharingInSettings(ada.page, true)
    await setAdminView(ada.page, false)
    const adaReceives = realtimeFrames(ada.page)
    await ada.page.reload()
    await header(ada.page).getByText(BEN.name).waitFor()
    // The header comes from the page's embedded data, before the page's realtime connection is
    // up; what follows is about live delivery, so Ada's subscription is confirmed first.
    await expect
      .poll(() => adaReceives.some((f) => f.includes('"to":"subscribe"')), { timeout: 15_000 })
      .toBe(true)
    await box.pressSequentially('hello')
    // A miss says which side lost it: the signal never reached the page, or the page did not show it.
    await typing.waitFor().catch((err: Error) => {
      const signals = adaReceives.filter((f) => f.includes('"isTyping":true')).length
      // ci137 saw 2 of 6 once, not reproduced since: the frames say what the page was sent.
      const sent = adaReceives.map((f) => f.slice(0, 160)).join('\n')
      throw new Error(
        `${signals} of the ${adaReceives.length} frames Ada's page received carried the typing ` +
          `signal. ${err.message}\n${sent}`,
      )
    })
    await box.fill('')
    await typing.waitFor({ state: 'detached' })

    await setSharingInSettings(ada.page, false)
    await expect.poll(() => chateePresence(ben.page).count()).toBe(0)
    expect(await chateePresence(ada.page).count()).toBe(0)
    adaReceives.length = 0
    await box.pressSequentially('again')
    // The signal reaches Ada's page (she is the admin), yet without the admin view it shows nothing.
    await expect
      .poll(() => adaReceives.some((f) => f.includes('"isTyping":true')), { timeout: 15_000 })
      .toBe(true)
    expect(await typing.count()).toBe(0)
    await setAdminView(ada.page, true)
    await typing.waitFor()
    await setAdminView(ada.page, false)
    await box.fill('')
  })

  it('the choice is kept on the server: a reload shows it, and the note names who shares', async () => {
    const { ben, server } = pair
    await ben.page.goto(new URL('/settings', server.url).toString())
    await expect.poll(() => shareBox(ben.page).isChecked()).toBe(true)
    await ben.page.getByText('Your partner does not share theirs').waitFor()
    await ben.page.goto(new URL(`/rooms/${HOME_ROOM_ID}`, server.url).toString())
    await header(ben.page).getByText('Ada Lovelace').waitFor()
    expect(await chateePresence(ben.page).count()).toBe(0)
  })

  it('a page reads the statuses even when its subscription is never confirmed to it', async () => {
    const { server, chrome } = pair
    const tab = await openPage(chrome.browser)
    try {
      const relay = await relayRealtime(tab.page)
      relay.drop = '"to":"subscribe"'
      const sharingRead = tab.page.waitForResponse((r) => r.url().endsWith('/api/user/sharing'), {
        timeout: 30_000,
      })
      await signInViaApi(tab.page, server.url, BEN.email, BEN.password)
      expect((await sharingRead).status()).toBe(200)
    } finally {
      await tab.close()
    }
  }, 60_000)
})
