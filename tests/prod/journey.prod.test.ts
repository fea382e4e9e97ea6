import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest'
import { launchBrowser, openPage, type TestBrowser } from '../e2e/helpers/browser'
import { signUpChatAndPresence } from './fixtures/journey'
import { startMailInbox } from './fixtures/mail-inbox'
import { productionVars, startProdServer } from './fixtures/prod-server'

// What `npm run deploy` ships, run: the built Worker and assets served by `wrangler dev` from the
// build output, APP_ENV=production, secrets of its own, mail through the HTTP transport to a
// local mail API. Two people sign up, verify from their inbox, talk and see each other's presence.
const GRACE_SECONDS = 10
let chrome: TestBrowser

beforeAll(async () => {
  chrome = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await chrome?.close()
})

/**
 * A server and its inbox for one attempt of one test: a retry starts again from nobody
 * registered, instead of meeting the accounts and closed pages of the failed try.
 */
async function serve() {
  const inbox = await startMailInbox()
  onTestFinished(() => inbox.close())
  const server = await startProdServer(inject('prodBuilds').embedded, (origin) => ({
    ...productionVars(origin),
    ...inbox.vars,
    PRESENCE_GRACE_SECONDS: String(GRACE_SECONDS),
  }))
  onTestFinished(() => server.close())
  return { inbox, server }
}

describe('the production build', () => {
  it('has no development routes: /__dev/* is 404 in our error shape', async () => {
    const { server } = await serve()
    for (const path of ['/__dev/outbox', '/__dev/anything']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'not_found' })
    }
    const health = await fetch(`${server.url}/api/health`)
    expect(await health.json()).toMatchObject({ status: 'ok', backend: 'embedded' })
  })

  it('two people register, verify from the mailed links, sign in, chat and see presence', async () => {
    const { server, inbox } = await serve()
    const [ada, ben] = await Promise.all([openPage(chrome.browser), openPage(chrome.browser)])
    onTestFinished(() => Promise.all([ada.close(), ben.close()]).then(() => undefined))
    await signUpChatAndPresence({ url: server.url, inbox, ada, ben, graceSeconds: GRACE_SECONDS })
    expect(inbox.mails.every((m) => m.from === 'Kathelia <no-reply@kathelia.test>')).toBe(true)
    expect(ada.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([])
  }, 150_000)
})
