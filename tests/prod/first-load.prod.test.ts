import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Locator, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest'
import { launchBrowser, openPage, type TestBrowser, type TestPage } from '../e2e/helpers/browser'
import { messageInLog, messageLog, setTabHidden } from '../e2e/helpers/pair'
import { postMessagesAs, rowInView } from '../e2e/helpers/chat-view'
import { accountIdOf, apiAs } from '../e2e/helpers/page-api'
import { signedInMarker } from '../e2e/helpers/users'
import { isRetry } from '../e2e/helpers/attempts'
import { APP_SCRIPT, DRAWN_SIGN_IN_SHOWN, everHeld, holdRequests } from '../e2e/helpers/page-watch'
import { readMarksOf } from '../e2e/helpers/history'
import { signUpPair } from './fixtures/journey'
import { NOTICES } from '../../shared/texts'
import { APP_VERSION } from '../../shared/constants'
import { setSharingInSettings } from '../e2e/helpers/presence-sharing'
import { startMailInbox, type MailInbox } from './fixtures/mail-inbox'
import { GIF_KEY, startGifService, type GifService } from '../fixtures/gif-service'
import { productionVars, startProdServer, type ProdServer } from './fixtures/prod-server'

// A chat page opened by a browser with a session comes with its data in the HTML (account, JWT,
// flags, partner, statuses, the room's newest 100 messages), so the room renders before any
// request; a visitor gets the static file as built.
const EVIL = '</script><script>window.__pwned = 1</script><!-- and the rest'
let inbox: MailInbox
// GIF search configured, as a deployment with a key has it: the composer has its GIF button.
let gifs: GifService
let server: ProdServer
let chrome: TestBrowser
let ada: TestPage
let ben: TestPage
let built: string

beforeAll(async () => {
  const build = inject('prodBuilds').embedded
  built = readFileSync(join(build, 'client', 'index.html'), 'utf8')
  inbox = await startMailInbox()
  gifs = await startGifService('tenor')
  const gifVars = { GIF_PROVIDER: 'tenor', GIF_API_URL: gifs.url, GIF_API_KEY: GIF_KEY }
  ;[server, chrome] = await Promise.all([
    startProdServer(build, (origin) => ({ ...productionVars(origin), ...inbox.vars, ...gifVars })),
    launchBrowser(),
  ])
  ;[ada, ben] = await Promise.all([openPage(chrome.browser), openPage(chrome.browser)])
  await signUpPair({ url: server.url, inbox, ada, ben })
  // Ben's first heartbeat (once his page has settled) tells Home he is online: before the seed,
  // so that the room's newest 100 rows are all Ben's messages.
  await messageLog(ada.page)
    .locator('.system-notice')
    .filter({ hasText: NOTICES.online.text })
    .waitFor({ timeout: 30_000 })
  // Ben says 105 things through the product API with his own session's JWT, the last an attempt
  // to end the data's script element.
  const cookie = (await ben.page.context().cookies(server.url))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ')
  const jwts = await fetch(`${server.url}/v1/account/jwts`, {
    method: 'POST',
    headers: { cookie, 'x-appwrite-project': 'kathelia' },
  })
  const { jwt } = (await jwts.json()) as { jwt: string }
  for (let i = 1; i <= 105; i++) {
    const res = await fetch(`${server.url}/api/message/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ roomId: 'home', message: i === 105 ? EVIL : `seed ${i}` }),
    })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
  }
}, 180_000)

afterAll(async () => {
  await chrome?.close()
  await server?.close()
  await inbox?.close()
  await gifs?.close()
})

const embedded = (html: string) =>
  /<script type="application\/json" id="first-load">(.*?)<\/script>/s.exec(html)?.[1]

/**
 * A room of Ada's named `name`, opened in a context of its own (Ada's has a service worker, which
 * would serve the scripts) with every script refused: the Worker's drawing alone.
 */
async function drawnOnly(name: string, color: string) {
  const { room } = await apiAs(ada.page, server.url)<{ room: { $id: string } }>('/room/add', {
    name,
    color,
  })
  const context = await chrome.browser.newContext({
    storageState: await ada.page.context().storageState(),
  })
  const page = await context.newPage()
  await page.route(/\.js$/, (route) => route.abort())
  await page.goto(`${server.url}/rooms/${room.$id}`).catch(async (err: unknown) => {
    await context.close()
    throw err
  })
  return { context, page }
}

describe('first load', () => {
  it('a visitor gets the built index.html byte for byte, however it is asked', async () => {
    for (const path of ['/', '/rooms/home', '/rooms/home/deeper']) {
      const res = await fetch(`${server.url}${path}`)
      expect(await res.text()).toBe(built)
    }
    // A cookie that is no session: the Worker looked, found nobody, and sends the file.
    const forged = await fetch(server.url, { headers: { cookie: 'a_session_kathelia=forged' } })
    expect(await forged.text()).toBe(built)
    expect(built).not.toContain('id="first-load"')
    expect(built).toMatch(/^<!doctype html>\s*<html lang="en">/)
  })

  it('a signed-in navigation gets its data embedded, escaped, uncached, with preloads', async () => {
    const res = await ada.page.context().request.get(server.url)
    expect(res.headers()['cache-control']).toBe('private, no-store')
    const html = await res.text()
    // Tells index.html's inline session probe (scripts/session-probe-script.ts) not to ask.
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en" data-first-load(="")?>/)
    // A visitor's drawn sign-in screen (scripts/auth-paint.ts) is not in a signed-in page, nor
    // the preload of the sign-in screen's chunk, which a visitor's page has.
    expect(html).not.toContain('id="auth-paint"')
    expect(built).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/sign-in-[^"]+\.js" data-signed-out/,
    )
    expect(html).not.toContain('/assets/sign-in-')
    const json = embedded(html)
    expect(json, html).toBeDefined()
    // Only the escaped form of "<" is in the page: the message cannot end the element.
    expect(json).not.toContain('<')
    expect(html).not.toContain('<script>window.__pwned')
    const data = JSON.parse(json!) as Record<string, any>
    expect(Object.keys(data.account).sort()).toEqual(['$id', 'email', 'emailVerification', 'name'])
    expect(data.account.email).toBe('ada@kathelia.test')
    expect(data.chatee.email).toBe('ben@kathelia.test')
    expect(data.jwt).toMatch(/^ey/)
    expect(data.flags).toMatchObject({ isAdmin: true })
    // Whether the partner's presence shows, known before any request (neither shares here).
    expect(data.sharing).toEqual({ mine: false, partner: false })
    expect(data.roomId).toBe('home')
    expect(data.rows).toHaveLength(100)
    expect(data.rows[0].message).toBe(EVIL)
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/signed-in-[^"]+\.js">/,
    )
  })

  it("a signed-in navigation with the static file's validators gets the data, not a 304", async () => {
    // The browser's cache holds the visitor's page (its sign-in screen, the service worker's
    // shell) and asks with its validators: "Not Modified" would show that copy, with no data.
    const visitor = await fetch(server.url)
    const etag = visitor.headers.get('etag')
    expect(etag).toBeTruthy()
    expect((await fetch(server.url, { headers: { 'if-none-match': etag! } })).status).toBe(304)
    const headers = { 'if-none-match': etag!, 'if-modified-since': new Date().toUTCString() }
    const res = await ada.page.context().request.get(server.url, { headers })
    expect(res.status()).toBe(200)
    expect(res.headers()['cache-control']).toBe('private, no-store')
    expect(res.headers().etag).toBeUndefined()
    expect(embedded(await res.text())).toBeDefined()
  })

  it("a signed-in page the Worker does not draw never shows a visitor's sign-in drawing", async () => {
    const page = await ada.page.context().newPage()
    const drawnShown = await everHeld(page, DRAWN_SIGN_IN_SHOWN)
    const release = await holdRequests(page, APP_SCRIPT)
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/account')
    await page.goto(`${server.url}/settings`, { waitUntil: 'commit' })
    // The page's own question, answered "signed in" while the app's script is held.
    expect((await answered).status()).toBe(200)
    // Parsed ('interactive'); DOMContentLoaded itself waits for the held module script.
    await page.waitForFunction(() => document.readyState !== 'loading')
    expect(await page.locator('#auth-paint').isHidden()).toBe(true)
    release()
    await signedInMarker(page).waitFor()
    expect(await page.locator('#auth-paint').count()).toBe(0)
    expect(await drawnShown()).toBe(false)
    await page.unrouteAll({ behavior: 'wait' })
    await page.close()
  })

  it('the room renders from it while every backend request is held, then checks in', async () => {
    const page = await ada.page.context().newPage()
    const held: Route[] = []
    let holding = true
    let accountReads = 0
    await page.route(/\/(v1|api)\//, (route) => {
      if (new URL(route.request().url()).pathname === '/v1/account') accountReads++
      return holding ? void held.push(route) : route.continue()
    })
    await page.goto(server.url)
    await messageInLog(page, EVIL).waitFor()
    await messageInLog(page, 'seed 104').waitFor()
    expect(await messageLog(page).locator('.msg-text').count()).toBeGreaterThanOrEqual(100)
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    // Read once and gone: the token stays in memory, not in the document.
    expect(await page.locator('#first-load').count()).toBe(0)
    // Rendered with nothing answered; now the background check goes through and keeps Ada in.
    const checked = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/v1/account' && r.status() === 200,
    )
    holding = false
    for (const route of held.splice(0)) await route.continue()
    await checked
    await signedInMarker(page).waitFor()
    await messageInLog(page, EVIL).waitFor()
    // Only the background check read the account: the page's own probe was not sent.
    expect(accountReads).toBe(1)
    await page.close()
  })
  it("draws the room before any script, its times on the reader's clock, escaped and inert but for its composer", async () => {
    // The SPA names the browser's zone in a cookie on a load; the Worker writes times in it.
    const context = await chrome.browser.newContext({
      storageState: await ada.page.context().storageState(),
      timezoneId: 'Asia/Kolkata',
    })
    try {
      const page = await context.newPage()
      await page.goto(server.url)
      await messageInLog(page, EVIL).waitFor()
      // Named once the page has settled (Chromium's ICU calls Kolkata by its older name).
      await expect
        .poll(async () => (await context.cookies()).find((c) => c.name === 'kathelia-tz')?.value)
        .toMatch(/^Asia%2F(Kolkata|Calcutta)$/)
      await page.route(/\.js$/, (route) => route.abort())
      await page.goto(server.url)
      const paint = page.locator('#first-paint')
      await paint.waitFor()
      // Nothing in it works but the composer's text box (the last test below).
      for (const part of ['.sidebar', '.top-bar', '.chat-head', '.message-area'])
        expect(await paint.locator(part).getAttribute('inert'), part).toBe('')
      const rows = paint.locator('[role="log"] .msg')
      expect(await rows.count()).toBe(100)
      expect(await rows.last().locator('.msg-text').textContent()).toBe(EVIL)
      await expect.poll(() => rows.last().isVisible()).toBe(true)
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
      const time = rows.last().locator('time')
      const at = new Date((await time.getAttribute('datetime'))!)
      const kolkata = new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Kolkata',
        hour: 'numeric',
        minute: '2-digit',
      })
      expect(await time.textContent()).toBe(
        kolkata.format(at).replace(/\s*([AP]M)$/, (_, p) => ` ${p.toLowerCase()}`),
      )
    } finally {
      await context.close()
    }
  })

  it("titles a drawn room's tab with its name before any script, as text, and the SPA keeps it", async () => {
    const name = '</title><script>window.__pwned = 2</script> Garden'
    const { context, page } = await drawnOnly(name, '#2e8b57')
    try {
      await page.locator('#first-paint').waitFor()
      expect(await page.title()).toBe(`${name} · Kathelia`)
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
      await page.unroute(/\.js$/)
      // The SPA takes the title over without a moment of "Kathelia" before the room's list came.
      const untitled = await everHeld(page, `document.title === 'Kathelia'`)
      await page.reload()
      await signedInMarker(page).waitFor()
      // The SPA's title, after the unread count of the rooms Ada has not read (Home, maybe).
      const unread = String.raw`(\(\d+\+?\) )?`
      await expect
        .poll(() => page.title())
        .toMatch(
          new RegExp(`^${unread}${name.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')} · Kathelia$`),
        )
      expect(await untitled()).toBe(false)
      // Home is the app's own page.
      await page.goto(server.url)
      await signedInMarker(page).waitFor()
      await expect.poll(() => page.title()).toMatch(new RegExp(`^${unread}Kathelia$`))
    } finally {
      await context.close()
    }
  })

  it("lists the sidebar's rooms before any script, and the SPA never says it is loading them", async () => {
    const { context, page } = await drawnOnly('Attic', '#8b5cf6')
    try {
      const drawn = page.locator('#first-paint .room-list .room-name')
      await drawn.first().waitFor()
      const names = await drawn.allTextContents()
      expect(names).toContain('Attic')
      expect(await page.locator('#first-paint .room-link.active').textContent()).toBe('Attic')
      await page.unroute(/\.js$/)
      const loading = await everHeld(
        page,
        `[...document.querySelectorAll('.sidebar-hint')].some((p) => p.textContent.startsWith('Loading rooms'))`,
      )
      await page.reload()
      await signedInMarker(page).waitFor()
      await expect.poll(() => page.locator('#first-paint').count()).toBe(0)
      expect(await page.locator('#root .room-list .room-name').allTextContents()).toEqual(names)
      expect(await loading()).toBe(false)
    } finally {
      await context.close()
    }
  })

  it("draws the sidebar's version and the composer's GIF and emoji buttons where the SPA has them", async () => {
    const context = await chrome.browser.newContext({
      storageState: await ada.page.context().storageState(),
    })
    const page = await context.newPage()
    /** The version badge's text and box, and the boxes of the GIF and emoji buttons' faces. */
    const parts = (scope: string, gif: string, emoji: string) =>
      page.evaluate(
        ({ scope, gif, emoji }) => {
          const box = (el: Element | null) => {
            const r = el?.getBoundingClientRect()
            return r && [r.x, r.y, r.width, r.height].map(Math.round)
          }
          const badge = document.querySelector(`${scope} .sidebar-footer .version-badge`)
          return {
            version: badge?.textContent,
            badge: box(badge),
            gif: box(document.querySelector(gif)),
            emoji: box(document.querySelector(emoji)),
          }
        },
        { scope, gif, emoji },
      )
    try {
      await page.route(/\.js$/, (route) => route.abort())
      await page.goto(server.url)
      await page.locator('#first-paint').waitFor()
      // Drawn before any script: the placeholders' faces are the anchors' ::before.
      const face = (anchor: string, property: 'maskImage' | 'content') =>
        page
          .locator(`#first-paint .composer .${anchor}`)
          .evaluate((el, property) => getComputedStyle(el, '::before')[property], property)
      expect(await face('emoji-anchor', 'maskImage')).toContain('svg')
      expect(await face('gif-anchor', 'content')).toBe('"GIF"')
      const composer = '#first-paint .composer'
      const drawn = await parts(
        '#first-paint',
        `${composer} .gif-anchor`,
        `${composer} .emoji-anchor`,
      )
      await page.unrouteAll()
      await page.reload()
      await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0)
      await page.locator('#root .composer .emoji-button').waitFor()
      await page.locator('#root .composer .gif-button').waitFor()
      const spa = await parts(
        '#root',
        '#root .composer .gif-button',
        '#root .composer .emoji-button',
      )
      expect(drawn.version).toBe(APP_VERSION)
      expect(spa.version).toBe(APP_VERSION)
      for (const part of ['badge', 'gif', 'emoji'] as const)
        for (const [j, px] of drawn[part]!.entries())
          expect(Math.abs(px - spa[part]![j]!), part).toBeLessThanOrEqual(1)
    } finally {
      await context.close()
    }
  })

  it('draws formatted text (bold, italic, strike, code, a link) exactly as the SPA renders it', async () => {
    const said = '*Bold* and _italic https://example.com/a_b_, ~no~ `x<y`\n```\nconst a = 1\n```'
    await postMessagesAs(ben.page, server.url, 'home', [said])
    const textOf = (page: Page, scope: string) =>
      page.locator(`${scope} [role="log"] .msg`).last().locator('.msg-text').innerHTML()
    const context = await chrome.browser.newContext({
      storageState: await ada.page.context().storageState(),
    })
    try {
      const page = await context.newPage()
      await page.route(/\.js$/, (route) => route.abort())
      await page.goto(server.url)
      await page.locator('#first-paint').waitFor()
      const drawn = await textOf(page, '#first-paint')
      expect(drawn).toContain('<strong>Bold</strong>')
      expect(drawn).toContain('<code class="msg-code block">const a = 1</code>')
      await page.unroute(/\.js$/)
      await page.reload()
      await signedInMarker(page).waitFor()
      await page.locator('#first-paint').waitFor({ state: 'detached' })
      expect(await textOf(page, '#root')).toBe(drawn)
    } finally {
      await context.close()
    }
  })

  it('draws who is who in the top bar as the SPA shows them, in the same places', async () => {
    // A context of its own: Ada's has a service worker, which answers a reload with its shell.
    const context = await chrome.browser.newContext({
      storageState: await ada.page.context().storageState(),
    })
    const page = await context.newPage()
    const parts = [
      '.chatee .avatar-initials',
      '.chatee-name',
      '.chatee-presence .presence-label',
      '.profile-button .avatar-initials',
      '.profile-name',
    ]
    /** Each part's text and box, in the drawing or the SPA's top bar. */
    const topBar = (scope: string) =>
      page.evaluate(
        ({ scope, parts }) =>
          parts.map((part) => {
            const el = document.querySelector(`${scope} .top-bar ${part}`)
            const r = el?.getBoundingClientRect()
            return { part, text: el?.textContent, box: r && [r.x, r.y, r.height].map(Math.round) }
          }),
        { scope, parts },
      )
    // Both share their presence, which every reader is shown (Ada's admin view is a switch of the
    // page's, which the Worker does not know).
    await setSharingInSettings(ada.page, true)
    await setSharingInSettings(ben.page, true)
    try {
      await page.route(/\.js$/, (route) => route.abort())
      await page.goto(server.url)
      await page.locator('#first-paint').waitFor()
      const drawn = await topBar('#first-paint')
      await page.unrouteAll()
      await page.reload()
      await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0)
      await page.locator('#root .top-bar .chatee-presence').waitFor()
      const spa = await topBar('#root')
      expect(drawn.map((d) => d.text)).toEqual([
        'BF',
        'Ben Franklin',
        'Online',
        'AL',
        'Ada Lovelace',
      ])
      for (const [i, d] of drawn.entries()) {
        expect(d.text, d.part).toBe(spa[i]!.text)
        for (const [j, px] of d.box!.entries())
          expect(Math.abs(px - spa[i]!.box![j]!), d.part).toBeLessThanOrEqual(2)
      }
    } finally {
      await context.close()
      await setSharingInSettings(ada.page, false)
      await setSharingInSettings(ben.page, false)
    }
  })

  /**
   * Ada's room loaded anew, each frame noting which room is on screen and where its newest
   * message's bubble sits: that box in the drawing's last frame and in the SPA's first.
   */
  async function newestAcrossTakeOver() {
    const page = await ada.page.context().newPage()
    await page.addInitScript(`{
      const frames = (window.__frames = [])
      const newest = (scope) => {
        const rows = document.querySelectorAll(scope + ' [role="log"] .msg .bubble')
        const r = rows[rows.length - 1]?.getBoundingClientRect()
        return r ? [r.x, r.y, r.width, r.height].map(Math.round) : null
      }
      const frame = () => {
        window.__seenDrawn ||= !!document.querySelector('#first-paint .seen-marker')
        window.__reacted ||= !!document.querySelector('#first-paint .msg .reaction')
        frames.push({ paint: newest('#first-paint'), spa: newest('#root') })
        if (frames.length < 600) requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    }`)
    await page.goto(server.url)
    await signedInMarker(page).waitFor()
    await expect.poll(() => page.locator('#first-paint').count()).toBe(0)
    type Frame = { paint: number[] | null; spa: number[] | null }
    const frames = await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames)
    const shown = frames.findIndex((f) => f.paint || f.spa)
    expect(frames[shown]!.paint, 'the drawing comes first').not.toBeNull()
    // From the first frame with a room on it, every frame has one.
    expect(frames.slice(shown).filter((f) => !f.paint && !f.spa)).toEqual([])
    const last = frames.findLast((f) => f.paint)!.paint!
    const first = frames.find((f) => f.spa && !f.paint)!.spa!
    return { page, last, first }
  }

  it("the SPA's room takes the drawing's place with no frame between them, where it was", async () => {
    // The newest message is emoji alone, which both draw large.
    await postMessagesAs(ben.page, server.url, 'home', ['🎉'])
    const { page, last, first } = await newestAcrossTakeOver()
    for (const [i, px] of first.entries()) expect(Math.abs(px - last[i]!)).toBeLessThanOrEqual(2)
    const big = page.locator('#root .msg-text.emoji-only').getByText('🎉', { exact: true })
    expect(await big.evaluate((el) => getComputedStyle(el).fontSize)).toBe('36px')
    await page.close()
  })

  /** A file of Ada's own in Home (its bubble at the right, where a width that differs shows). */
  async function sendFileAsAda(name: string, type: string, body: Record<string, unknown>) {
    const fileId = `paint-${crypto.randomUUID().slice(0, 8)}`
    const me = await accountIdOf(ada.page)
    await ada.page.evaluate(
      async ({ fileId, me, name, type }) => {
        const form = new FormData()
        form.set('fileId', fileId)
        form.set('file', new File([new Uint8Array(3000)], name, { type }))
        for (const p of ['read("team:user")', `update("user:${me}")`, `delete("user:${me}")`])
          form.append('permissions[]', p)
        const res = await fetch('/v1/storage/buckets/files/files', {
          method: 'POST',
          credentials: 'include',
          headers: { 'x-appwrite-project': 'kathelia' },
          body: form,
        })
        if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`)
      },
      { fileId, me, name, type },
    )
    const { attachment, ...rest } = body
    await apiAs(ada.page, server.url)('/message/add', {
      roomId: 'home',
      ...rest,
      attachment: { fileId, ...(attachment as object) },
    })
  }

  it.each([
    [
      'photo',
      'dune.png',
      'image/png',
      { message: 'The dunes', attachment: { width: 640, height: 480 } },
    ],
    ['file', 'minutes of the meeting in March.pdf', 'application/pdf', { message: 'Minutes' }],
  ] as const)(
    "a %s's bubble is drawn as wide and as tall as the SPA's, its caption where the SPA puts it",
    async (_, name, type, body) => {
      await sendFileAsAda(name, type, body)
      const { page, last, first } = await newestAcrossTakeOver()
      for (const [i, px] of first.entries()) expect(Math.abs(px - last[i]!)).toBeLessThanOrEqual(2)
      await page.close()
    },
  )

  it("a reply's bubble is drawn with its quote, where and as large as the SPA's", async () => {
    const { $id } = await apiAs(ben.page, server.url)<{ $id: string }>('/message/add', {
      roomId: 'home',
      message: 'Dinner at *eight*, or nine?',
    })
    await apiAs(ada.page, server.url)('/message/add', {
      roomId: 'home',
      message: 'Eight',
      replyToId: $id,
    })
    const { page, last, first } = await newestAcrossTakeOver()
    for (const [i, px] of first.entries()) expect(Math.abs(px - last[i]!)).toBeLessThanOrEqual(2)
    await page.close()
  })

  it("a voice message is drawn as the player's box, so nothing moves when the player comes", async () => {
    await sendFileAsAda('voice.webm', 'audio/webm', {
      message: '',
      attachment: {
        durationMs: 7000,
        waveform: '0123456789abcdefghijklmnopqrstuv0123456789abcdef',
      },
    })
    const { page, last, first } = await newestAcrossTakeOver()
    for (const [i, px] of first.entries()) expect(Math.abs(px - last[i]!)).toBeLessThanOrEqual(2)
    // The player itself (its chunk came): the bubble where the drawing had it.
    await page.locator('#root .msg .voice-note .voice-wave').last().waitFor()
    const box = await page.locator('#root [role="log"] .msg .bubble').last().boundingBox()
    const now = [box!.x, box!.y, box!.width, box!.height].map(Math.round)
    for (const [i, px] of now.entries()) expect(Math.abs(px - last[i]!)).toBeLessThanOrEqual(2)
    await page.close()
  })

  it('draws the reactions under their messages, so nothing moves when the SPA reads them', async () => {
    const { $id, seq } = await apiAs(ada.page, server.url)<{ $id: string; seq: number }>(
      '/message/add',
      { roomId: 'home', message: 'Tickets booked' },
    )
    // Read by Ben before the load: his open page's own report of it, coming after the first
    // load's read, would put "Seen" under it then (a race of the test's, not the drawing's).
    await apiAs(ben.page, server.url)('/receipt/read', { roomId: 'home', seq })
    await apiAs(ben.page, server.url)('/message/react', { messageId: $id, emoji: '🎉', on: true })
    await apiAs(ada.page, server.url)('/message/react', { messageId: $id, emoji: '🎉', on: true })
    const { page, last, first } = await newestAcrossTakeOver()
    // The SPA's first frame has them too (its reactions query starts from the page's).
    for (const [i, px] of first.entries()) expect(Math.abs(px - last[i]!)).toBeLessThanOrEqual(2)
    const bar = (scope: string) =>
      page
        .locator(`${scope} .msg[data-id="${$id}"] .reaction`)
        .evaluateAll((els) =>
          els.map((el) => [
            el.textContent,
            el.getAttribute('aria-pressed'),
            el.getAttribute('title'),
          ]),
        )
    // In the drawing's last frame already (the frames before the SPA's room: newestAcrossTakeOver).
    expect(await page.evaluate(() => (window as unknown as { __reacted: boolean }).__reacted)).toBe(
      true,
    )
    await expect.poll(() => bar('#root')).toEqual([['🎉2', 'true', 'Ben Franklin, You']])
    const box = await page.locator('#root [role="log"] .msg .bubble').last().boundingBox()
    const now = [box!.x, box!.y, box!.width, box!.height].map(Math.round)
    for (const [i, px] of now.entries()) expect(Math.abs(px - last[i]!)).toBeLessThanOrEqual(2)
    await page.close()
  })

  it('draws "Seen" under the newest message the partner read, so nothing moves when the SPA has it', async () => {
    const { seq } = await apiAs(ada.page, server.url)<{ seq: number }>('/message/add', {
      roomId: 'home',
      message: 'Are you coming?',
    })
    await apiAs(ben.page, server.url)('/receipt/read', { roomId: 'home', seq })
    const { page, last } = await newestAcrossTakeOver()
    const marker = page.locator('#root .seen-marker')
    await marker.waitFor()
    // Read in place: where the SPA puts the newest bubble once it has the receipts too.
    const box = await page.locator('#root [role="log"] .msg .bubble').last().boundingBox()
    const now = [box!.x, box!.y, box!.width, box!.height].map(Math.round)
    for (const [i, px] of now.entries()) expect(Math.abs(px - last[i]!)).toBeLessThanOrEqual(2)
    const drawn = await page.evaluate(
      () => (window as unknown as { __seenDrawn: boolean }).__seenDrawn,
    )
    expect(drawn, 'the drawing has "Seen"').toBe(true)
    await page.close()
  })

  describe("the drawn room's composer, used before the app has run", () => {
    /** One load of Ada's room with the app's script held until `release`. */
    // Ada's session in a context of its own without the service worker, which would serve the
    // app's script past the hold.
    let context: BrowserContext
    beforeAll(async () => {
      const storageState = await ada.page.context().storageState()
      context = await chrome.browser.newContext({ storageState, serviceWorkers: 'block' })
    })
    afterAll(() => context?.close())

    /** What the app's room shows, for a failure's message. */
    const roomState = (page: Page) =>
      page
        .evaluate(() => {
          const box = document.querySelector('#root .message-scroll')
          const keys = [...document.querySelectorAll('#root [data-vkey]')].map((e) =>
            e.getAttribute('data-vkey'),
          )
          const { scrollTop, scrollHeight, clientHeight } = box ?? {}
          const line = document.querySelector('#root .unread-divider')?.textContent ?? null
          return JSON.stringify({
            scrollTop,
            scrollHeight,
            clientHeight,
            line,
            keys: keys.length,
            first: keys.slice(0, 2),
            last: keys.slice(-2),
            path: location.pathname,
          })
        })
        .catch((err: Error) => `not read: ${err.message}`)

    type Frames = { __paintFrames: { line: string | null; draft: string | null }[] }
    async function heldLoad(
      use: (page: Page, drawn: Locator, release: () => void) => Promise<void>,
    ) {
      const page = await context.newPage()
      try {
        // What each frame of the drawing shows (read in requestAnimationFrame, just before the
        // frame is painted): its log, the unread line, the composer's text.
        await page.addInitScript(`{
          const frames = (window.__paintFrames = [])
          const frame = () => {
            const log = document.querySelector('#first-paint .message-log')
            if (log) {
              const line = document.querySelector('#first-paint .unread-divider')
              const box = document.querySelector('#first-paint textarea')
              frames.push({ line: line?.textContent ?? null, draft: box?.value ?? null })
            }
            if (frames.length < 5) requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        }`)
        const release = await holdRequests(page, APP_SCRIPT)
        await page.goto(server.url, { waitUntil: 'commit' })
        const drawn = page.locator('#first-paint').getByRole('textbox', { name: 'Message' })
        // Parsed, so the drawing's script, which fills the composer, has run: the parser holds it
        // (not the text box before it) while a stylesheet is still on its way (ci100, the stop
        // after: the slow stylesheet left the box empty when read).
        await page.waitForFunction(() => document.readyState !== 'loading')
        await use(page, drawn, release)
        release()
        await page.unrouteAll({ behavior: 'wait' })
      } finally {
        await page.close()
      }
    }
    // The sends of one text: an earlier test's message that the outbox sends again on this load
    // (its page closed before the answer cleared it; the server answers a known clientId with
    // the stored row) is not this test's send (ci99).
    const sends = (page: Page, text: string) => {
      const paths: string[] = []
      page.on('request', (r) => {
        if (r.method() !== 'POST' || new URL(r.url()).pathname !== '/api/message/add') return
        if ((r.postDataJSON() as { message?: string }).message === text) paths.push(r.url())
      })
      return paths
    }
    const liveBox = (page: Page) => page.locator('#root').getByRole('textbox', { name: 'Message' })
    let draftKey = ''
    const DRAFT = 'Half a thought, and the rest'
    // Each test continues from the one before; a retry first sets the room's drafts to what the
    // test before left (its first attempt may have sent or changed them), and sends texts of
    // its own (the first attempt's may be in the room).
    let attempt = 0
    /**
     * The room's draft (`null`: none), no reply begun and nothing left to send, as the test before
     * left them. Set once the app has taken the drawing over (it saves the drawn text as the
     * draft then) and has sent what a failed attempt's page closed on before its answer came.
     */
    /** Waits until this browser keeps nothing to send: every message sent was stored. */
    const outboxEmptied = (page: Page) =>
      expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(localStorage)
              .filter((k) => k.startsWith('kathelia-outbox:'))
              .flatMap((k) => JSON.parse(localStorage.getItem(k)!) as unknown[]),
          ),
        )
        .toEqual([])
    const setDrafts = (draft: string | null) =>
      heldLoad(async (page, _drawn, release) => {
        release()
        await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0)
        await outboxEmptied(page)
        await page.evaluate(
          ({ key, draft }) => {
            if (draft === null) localStorage.removeItem(key)
            else localStorage.setItem(key, draft)
            localStorage.removeItem(key.replace('kathelia-draft:', 'kathelia-draft-reply:'))
          },
          { key: draftKey, draft },
        )
      })

    it("starts with the room's draft, keeps what is typed and the caret, and sends nothing", async () => {
      await heldLoad(async (page) => {
        const meId = await page.evaluate(
          () => JSON.parse(document.getElementById('first-load')!.textContent!).account.$id,
        )
        draftKey = `kathelia-draft:${meId}:home`
        await page.evaluate((k) => localStorage.setItem(k, 'Half a thought'), draftKey)
      })
      await heldLoad(async (page, drawn, release) => {
        const sent = sends(page, 'Half a thought, and the rest')
        expect(await drawn.inputValue()).toBe('Half a thought')
        await drawn.press('End')
        await drawn.pressSequentially(', and the rest')
        await drawn.press('ArrowLeft')
        release()
        await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0)
        expect(await liveBox(page).inputValue()).toBe('Half a thought, and the rest')
        const caret = await page.evaluate(() => {
          const el = document.activeElement as HTMLTextAreaElement
          return [el.closest('#root') !== null, el.selectionStart, el.selectionEnd]
        })
        expect(caret).toEqual([true, 27, 27])
        expect(await page.evaluate((k) => localStorage.getItem(k), draftKey)).toBe(
          'Half a thought, and the rest',
        )
        expect(sent).toEqual([])
      })
    })

    it('sends what Enter was pressed on there once the app is up, once', async (ctx) => {
      const suffix = ` - sent early #${++attempt}`
      const text = `${DRAFT}${suffix}`
      if (isRetry(ctx)) await setDrafts(DRAFT)
      await heldLoad(async (page, drawn, release) => {
        const sent = sends(page, text)
        // The draft of the test before, as the drawing starts with it.
        expect(await drawn.inputValue()).toBe(DRAFT)
        await drawn.press('End')
        await drawn.pressSequentially(suffix)
        await drawn.press('Enter')
        // Held as a message to send: no new line, no longer editable, nothing sent yet.
        expect(await drawn.inputValue()).toBe(text)
        expect(await drawn.evaluate((el: HTMLTextAreaElement) => el.readOnly)).toBe(true)
        expect(sent).toEqual([])
        release()
        await messageInLog(page, text).waitFor()
        await expect.poll(() => sent.length).toBe(1)
        expect(await liveBox(page).inputValue()).toBe('')
        expect(await page.evaluate((k) => localStorage.getItem(k), draftKey)).toBeNull()
        // Ben got it too, once.
        await messageInLog(ben.page, text).waitFor()
        expect(await messageInLog(ben.page, text).count()).toBe(1)
      })
    })

    it('with an answer pending, which the drawing does not show, leaves the text for its own Enter', async (ctx) => {
      const answer = `An answer #${++attempt}`
      if (isRetry(ctx)) await setDrafts(null)
      await heldLoad(async (page, drawn, release) => {
        const sent = sends(page, answer)
        // A reply begun earlier: the room's reply draft names the message it answers.
        const quoted = await page.evaluate(
          () => JSON.parse(document.getElementById('first-load')!.textContent!).rows[1].$id,
        )
        const replyKey = draftKey.replace('kathelia-draft:', 'kathelia-draft-reply:')
        await page.evaluate(([k, id]) => localStorage.setItem(k!, id!), [replyKey, quoted])
        await drawn.pressSequentially(answer)
        await drawn.press('Enter')
        release()
        await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0)
        // The quote is now in view, the text waits beside it, the caret in it.
        await page.locator('#root .quote-bar').waitFor()
        expect(await liveBox(page).inputValue()).toBe(answer)
        expect(await liveBox(page).evaluate((el) => el === document.activeElement)).toBe(true)
        expect(sent).toEqual([])
        await liveBox(page).press('Enter')
        await messageInLog(page, answer).waitFor()
        // The bubble shows before its request is reported to the test (a full run, ci on 0483f1a).
        await expect.poll(() => sent.length).toBe(1)
        // Stored before the page closes: else the next page sends it again, after the messages
        // the next test counts as unread, and that answer ends its line (a full run of 8925ea6).
        await outboxEmptied(page)
      })
    })

    // 31 sends and a held load: beside the fuzz project's 133 sockets on two cores its first
    // attempt ran past 60 s twice in full runs (passing in 2 s alone), and a retry then found
    // the messages read by the timed-out attempt's page, which goes on loading.
    it(
      'draws the unread line where the app will, the room opened at it',
      { timeout: 180_000 },
      async (ctx) => {
        const tag = `#${++attempt}`
        // A retry first reads what the failed attempt left unread.
        if (isRetry(ctx))
          await heldLoad(async (page, _drawn, release) => {
            release()
            await expect
              .poll(() => page.locator('#first-paint').count(), { timeout: 20_000 })
              .toBe(0)
            const scroller = page.locator('#root .message-scroll')
            await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight))
            const newest = () =>
              page.evaluate(() => {
                const seqs = [...document.querySelectorAll('#root [data-seq]')]
                return Number(seqs.at(-1)?.getAttribute('data-seq'))
              })
            await expect
              .poll(async () => (await readMarksOf(page)).home === (await newest()))
              .toBe(true)
          })
        // Ada's first page, open in Home, would read Ben's messages as they come and move her
        // read position on the server (CI on 4668943: the line said 11, then 5): it is in the
        // background meanwhile.
        await setTabHidden(ada.page, true)
        onTestFinished(() => setTabHidden(ada.page, false))
        // A draft of four lines, which grows the composer: the line stays whole at the top (a walk
        // saw it pushed up; this test on a loaded machine too, before unread-paint.ts kept it).
        // Set by a load of the room, which reads what it shows: before Ben's messages.
        await setDrafts('one\ntwo\nthree\nfour')
        onTestFinished(() => setDrafts(null))
        const texts = Array.from({ length: 30 }, (_, i) => `Unread ${i + 1} ${tag}`)
        await postMessagesAs(ben.page, server.url, 'home', texts.slice(0, 15))
        // One Ben took back before Ada read it: counted by neither line.
        const api = apiAs(ben.page, server.url)
        const taken = await api<{ $id: string }>('/message/add', {
          roomId: 'home',
          message: `Taken back ${tag}`,
        })
        await api('/message/delete', { messageId: taken.$id })
        await postMessagesAs(ben.page, server.url, 'home', texts.slice(15))
        await heldLoad(async (page, _drawn, release) => {
          // Drawn before any script of the app: the line above Ben's first new message, at the top.
          const drawn = page.locator('#first-paint .unread-divider')
          expect(await drawn.innerText()).toBe('30 new messages')
          // From its first frame: not the log at the bottom, then the line a frame later.
          const frames = await page.evaluate(() => (window as unknown as Frames).__paintFrames)
          expect(frames[0]).toEqual({ line: '30 new messages', draft: 'one\ntwo\nthree\nfour' })
          const row = (where: string, text: string) =>
            page.locator(`${where} .msg`, { hasText: text })
          expect(await rowInView(drawn)).toBe(true)
          // Whole, at the top: not half pushed out by the composer's draft.
          const fromTop = await drawn.evaluate(
            (el) =>
              el.getBoundingClientRect().top -
              el.closest('.message-scroll')!.getBoundingClientRect().top,
          )
          expect(fromTop).toBeGreaterThanOrEqual(0)
          expect(await rowInView(row('#first-paint', texts[0]!))).toBe(true)
          expect(await rowInView(row('#first-paint', texts[29]!))).toBe(false)
          const top = (line: Locator) =>
            line.evaluate((el) => el.getBoundingClientRect().top, undefined, { timeout: 2_000 })
          const drawnTop = await top(drawn)
          release()
          await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0)
          // The app's own line took its place, where it was (read once the app's room is laid out:
          // under load a read came before, at 0; no frame between the two is the test above's).
          const live = page.locator('#root .unread-divider')
          expect(await live.innerText()).toBe('30 new messages')
          // Once in a full run (97b86cf) the line left the app's room for 30 s here, cause unknown:
          // a failure says what the room held then.
          await expect
            .poll(async () => Math.abs((await top(live)) - drawnTop), { timeout: 5_000 })
            .toBeLessThanOrEqual(2)
            .catch(async (err: Error) => {
              throw new Error(`${err.message}\nthe room then: ${await roomState(page)}`)
            })
          expect(await rowInView(row('#root', texts[0]!))).toBe(true)
          expect(await rowInView(row('#root', texts[29]!))).toBe(false)
        })
      },
    )

    it('keys pressed on through the take-over are all kept, in order (a walk lost or moved some)', async () => {
      await setDrafts(null)
      const text = 'the quick brown fox jumps over the lazy dog, then back again'
      await heldLoad(async (page, drawn, release) => {
        // A phone's CPU: the app's boot takes long enough for keys to come in the middle of it.
        const cdp = await page.context().newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
        await drawn.focus()
        release()
        // As a person opening the app to answer types: on, while the app takes the box over.
        await page.keyboard.type(text, { delay: 20 })
        await expect.poll(() => page.locator('#first-paint').count(), { timeout: 20_000 }).toBe(0)
        expect(await liveBox(page).inputValue()).toBe(text)
      })
      await setDrafts(null)
    })
  })
})
