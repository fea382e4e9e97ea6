import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, openPage, type TestBrowser, type TestPage } from '../e2e/helpers/browser'
import { signUpChatAndPresence } from './fixtures/journey'
import { startMailInbox, type MailInbox } from './fixtures/mail-inbox'
import { productionVars, startProdServer, type ProdServer } from './fixtures/prod-server'

// What `npm run deploy` ships, run: the built Worker and assets served by `wrangler dev` from the
// build output, APP_ENV=production, secrets of its own, mail through the HTTP transport to a
// local mail API. Two people sign up, verify from their inbox, talk and see each other's presence.
const GRACE_SECONDS = 10
let inbox: MailInbox
let server: ProdServer
let chrome: TestBrowser
let ada: TestPage
let ben: TestPage

beforeAll(async () => {
  inbox = await startMailInbox()
  ;[server, chrome] = await Promise.all([
    startProdServer(inject('prodBuilds').embedded, (origin) => ({
      ...productionVars(origin),
      ...inbox.vars,
      PRESENCE_GRACE_SECONDS: String(GRACE_SECONDS),
    })),
    launchBrowser(),
  ])
  ;[ada, ben] = await Promise.all([openPage(chrome.browser), openPage(chrome.browser)])
}, 120_000)

afterAll(async () => {
  await chrome?.close()
  await server?.close()
  await inbox?.close()
})

describe('the production build', () => {
  it('has no development routes: /__dev/* is 404 in our error shape', async () => {
    for (const path of ['/__dev/outbox', '/__dev/anything']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'not_found' })
    }
    const health = await fetch(`${server.url}/api/health`)
    expect(await health.json()).toMatchObject({ status: 'ok', backend: 'embedded' })
  })

  it('two people register, verify from the mailed links, sign in, chat and see presence', async () => {
    await signUpChatAndPresence({ url: server.url, inbox, ada, ben, graceSeconds: GRACE_SECONDS })
    expect(inbox.mails.every((m) => m.from === 'Kathelia <no-reply@kathelia.test>')).toBe(true)
    expect(ada.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([])
  }, 150_000)
})
