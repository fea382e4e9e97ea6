import type { Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest'
import { freePort } from '../fixtures/app-server'
import { launchBrowser, openPage, type TestBrowser } from '../e2e/helpers/browser'
import { messageInLog } from '../e2e/helpers/pair'
import { DATABASE_ID, TABLE_IDS } from '../../shared/db-ids'
import { setReadMarks } from '../e2e/helpers/history'
import { holdRequests } from '../e2e/helpers/page-watch'
import { signUpChatAndPresence } from './fixtures/journey'
import { startMailInbox, type MailInbox } from './fixtures/mail-inbox'
import { productionVars, startProdServer, type ProdServer } from './fixtures/prod-server'

// The app in Appwrite mode, built and served as deployed, against a second embedded backend on
// another origin playing the remote Appwrite (it provisions itself from shared/db-schema.ts, the
// schema `npm run appwrite:setup` gives real Appwrite; it has no schema-management routes): the
// Worker's REST adapter with the API key, the SPA's SDK talking cross-origin to the remote with
// its cookies and CORS, and the remote's own verification mail.
const GRACE_SECONDS = 10
const REMOTE_KEY = 'standard_remote-appwrite-key-for-the-prod-suite-7c1e'
type Servers = { inbox: MailInbox; remote: ProdServer; app: ProdServer; close(): Promise<void> }
let chrome: TestBrowser

beforeAll(async () => {
  chrome = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await chrome?.close()
})

/**
 * The remote (on the port the Appwrite-mode build names) and the app, fresh: the journey takes
 * a pair per attempt, so a retry starts from nobody registered instead of the failed try's
 * accounts and closed tabs.
 */
async function serve(): Promise<Servers> {
  const builds = inject('prodBuilds')
  const inbox = await startMailInbox()
  const appPort = await freePort()
  const appOrigin = `http://127.0.0.1:${appPort}`
  // The build's SPA was given this remote's endpoint (VITE_APPWRITE_ENDPOINT) at build time.
  const remote = await startProdServer(
    builds.embedded,
    (origin) => ({
      ...productionVars(origin),
      // The app is a web platform of the remote project: the only origin allowed with cookies.
      APP_ORIGINS: appOrigin,
      EMBEDDED_API_KEY: REMOTE_KEY,
      ...inbox.vars,
    }),
    { port: builds.remotePort },
  )
  const app = await startProdServer(
    builds.appwrite,
    (origin) => ({
      ...productionVars(origin),
      APPWRITE_ENDPOINT: `${remote.url}/v1`,
      APPWRITE_API_KEY: REMOTE_KEY,
      ...inbox.vars,
      PRESENCE_GRACE_SECONDS: String(GRACE_SECONDS),
    }),
    { port: appPort },
  )
  return {
    inbox,
    remote,
    app,
    async close() {
      await app.close()
      await remote.close()
      await inbox.close()
    },
  }
}

describe('Appwrite mode, built, against a remote Appwrite-compatible backend', () => {
  let app: ProdServer
  let remote: ProdServer
  let servers: Servers | undefined
  beforeAll(async () => {
    servers = await serve()
    ;({ app, remote } = servers)
  }, 120_000)
  // Before the journey's own servers take the remote's port.
  afterAll(() => servers?.close())

  it('serves no backend of its own: health says appwrite, /v1 and /__dev are 404', async () => {
    expect(await (await fetch(`${app.url}/api/health`)).json()).toMatchObject({
      backend: 'appwrite',
    })
    const own = await fetch(`${app.url}/v1/account`, {
      headers: { 'X-Appwrite-Project': 'kathelia' },
    })
    expect(own.status).toBe(404)
    expect((await fetch(`${app.url}/__dev/outbox`)).status).toBe(404)
  })

  it('the remote answers the app’s origin with credentials and refuses another', async () => {
    const preflight = (origin: string) =>
      fetch(`${remote.url}/v1/account`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-appwrite-project',
        },
      })
    const ok = await preflight(app.origin)
    expect(ok.headers.get('access-control-allow-origin')).toBe(app.origin)
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true')
    const other = await preflight('http://127.0.0.1:1')
    expect(other.headers.get('access-control-allow-origin')).not.toBe('http://127.0.0.1:1')
  })
})

describe('Appwrite mode, the journey', () => {
  it('two people sign up, verify, chat and see presence, the SPA talking to the remote', async () => {
    const { inbox, remote, app, close } = await serve()
    onTestFinished(close)
    const [ada, ben] = await Promise.all([openPage(chrome.browser), openPage(chrome.browser)])
    onTestFinished(() => Promise.all([ada.close(), ben.close()]).then(() => undefined))
    const v1Calls: string[] = []
    const record = (req: Request) => {
      const url = new URL(req.url())
      if (url.pathname.startsWith('/v1')) v1Calls.push(`${url.origin}${url.pathname}`)
    }
    for (const { page } of [ada, ben]) page.on('request', record)

    await signUpChatAndPresence({
      ...{ url: app.url, inbox, ada, ben, graceSeconds: GRACE_SECONDS },
      v1Origin: remote.origin,
    })
    // Every SDK call went to the remote's origin, and its session cookie lives there.
    expect(v1Calls.length).toBeGreaterThan(0)
    expect(v1Calls.filter((u) => !u.startsWith(`${remote.origin}/v1`))).toEqual([])
    const cookies = await ada.page.context().cookies(remote.origin)
    expect(cookies.map((c) => c.name)).toContain('a_session_kathelia')

    // Read to the end on the server, never on this device as far as its own mark knows: no
    // first load brings her read position here, and while it is on its way the room must not
    // place its unread line from this device's mark, over messages read.
    const newest = Number(
      await messageInLog(ada.page, 'Loud and clear')
        .locator('xpath=ancestor::*[@data-seq][1]')
        .getAttribute('data-seq'),
    )
    const ownRead = () =>
      ada.page.evaluate(async (url) => {
        const headers = { 'x-appwrite-project': 'kathelia' }
        const res = await fetch(url, { credentials: 'include', headers })
        const { rows } = (await res.json()) as { rows: Record<string, unknown>[] }
        return rows.find((r) => r.kind === 'own' && r.roomId === 'home')?.seq ?? -1
      }, `${remote.origin}/v1/tablesdb/${DATABASE_ID}/tables/${TABLE_IDS.receipts}/rows`)
    await expect.poll(ownRead, { timeout: 10_000 }).toBe(newest)
    await setReadMarks(ada.page, { home: 0 })
    const receipts = (url: URL) => url.pathname.endsWith(`/tables/${TABLE_IDS.receipts}/rows`)
    const release = await holdRequests(ada.page, receipts)
    const answered = ada.page.waitForResponse((r) => receipts(new URL(r.url())))
    await ada.page.reload()
    await messageInLog(ada.page, 'Loud and clear').waitFor()
    release()
    await answered
    await ada.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
    expect(await ada.page.getByRole('log').locator('.unread-divider').count()).toBe(0)
  }, 150_000)
})
