import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exampleVars } from '../../scripts/local-vars'
import { HOME_ROOM_ID } from '../../shared/constants'
import { freePort } from '../fixtures/app-server'
import { launchBrowser, openPage, type TestBrowser, type TestPage } from '../e2e/helpers/browser'
import {
  spawnStandby,
  startServerProcess,
  type ServerProcess,
  type StandbyServer,
} from '../e2e/helpers/crash-server'
import { ADA, BEN, messageLog } from '../e2e/helpers/pair'
import { signInViaApi } from '../e2e/helpers/register-api'

// Crashes: the server PROCESS (Node, Miniflare, workerd) is killed with SIGKILL while messages are
// being sent, three times, and started again on its persisted state. Every message the sender
// was told about, and every one it retried, is stored exactly once in send order; Ada's page,
// open through it all, shows each exactly once after reconnecting by itself (no reload).
const vars = exampleVars()
const KILL_AT = [6, 14, 22]
const COUNT = 30
const texts = Array.from({ length: COUNT }, (_, i) => `Crash-proof message ${i + 1}`)

let stateDir: string
let port: number
let server: ServerProcess
// The next server processes, one per kill, loading their modules while the first one starts: a
// restart then only opens the state and the port.
let standbys: StandbyServer[] = []
let chrome: TestBrowser
let ada: TestPage

const v1 = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/v1${path}`, {
    ...init,
    headers: {
      'x-appwrite-project': vars.APPWRITE_PROJECT_ID!,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  })
const withKey = { 'x-appwrite-key': vars.EMBEDDED_API_KEY! }

/** A verified user made with the API key; Ben never opens a browser here. */
async function verifiedUser(user: { email: string; password: string; name: string }) {
  const res = await v1('/users', {
    method: 'POST',
    headers: withKey,
    body: JSON.stringify({ userId: 'unique()', ...user }),
  })
  const { $id } = (await res.json()) as { $id: string }
  await v1(`/users/${$id}/verification`, {
    method: 'PATCH',
    headers: withKey,
    body: JSON.stringify({ emailVerification: true }),
  })
}

async function jwtOf(email: string, password: string): Promise<string> {
  const login = await v1('/account/sessions/email', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  })
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!
  const res = await v1('/account/jwts', { method: 'POST', headers: { cookie } })
  return ((await res.json()) as { jwt: string }).jwt
}

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'kathelia-crash-'))
  port = await freePort()
  standbys = KILL_AT.map(() => spawnStandby(stateDir, port))
  ;[server, chrome] = await Promise.all([startServerProcess(stateDir, port), launchBrowser()])
  await Promise.all([verifiedUser(ADA), verifiedUser(BEN)])
  ada = await openPage(chrome.browser)
  await signInViaApi(ada.page, server.url, ADA.email, ADA.password)
  await Promise.all(standbys.map((s) => s.loaded))
}, 180_000)

afterAll(async () => {
  await chrome?.close()
  for (const s of standbys) s.kill()
  server?.kill()
  await server?.exited
  rmSync(stateDir, { recursive: true, force: true })
})

/** Sends one message until the server confirms it, through crashes (same clientId each try). */
async function sendUntilStored(jwt: string, i: number) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${server.url}/api/message/add`, {
        method: 'POST',
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify({ roomId: HOME_ROOM_ID, message: texts[i], clientId: `crash-${i}` }),
      })
      if (res.status === 200 || res.status === 201) return attempt
      if (res.status < 500) throw new Error(`message ${i}: ${res.status} ${await res.text()}`)
    } catch (err) {
      if (!(err instanceof TypeError)) throw err // fetch failed: the server is down
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe('a server killed mid-write', () => {
  it('stores every message once, in order, and the open page shows each once', async () => {
    const jwt = await jwtOf(BEN.email, BEN.password)
    await ada.page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true))
    let retried = 0
    for (let i = 0; i < COUNT; i++) {
      const sending = sendUntilStored(jwt, i)
      if (KILL_AT.includes(i)) {
        // Kill while this message is on its way (a few ms in), then start on the same state.
        await new Promise((r) => setTimeout(r, 5 * KILL_AT.indexOf(i)))
        server.kill()
        await server.exited
        server = await standbys.shift()!.start()
      }
      retried += await sending
    }
    console.log(`crash: ${COUNT} messages, ${KILL_AT.length} kills, ${retried} retries`)

    const res = await v1(
      `/tablesdb/kathelia/tables/messages/rows?queries[]=${encodeURIComponent(
        JSON.stringify({ method: 'limit', values: [500] }),
      )}&queries[]=${encodeURIComponent(JSON.stringify({ method: 'orderAsc', attribute: 'seq' }))}`,
      { headers: withKey },
    )
    const { rows } = (await res.json()) as { rows: { message: string; clientId?: string }[] }
    const stored = rows.filter((r) => r.clientId?.startsWith('crash-')).map((r) => r.message)
    expect(stored).toEqual(texts)

    const shown = () =>
      messageLog(ada.page)
        .locator('.msg-text')
        .allInnerTexts()
        .then((all) => all.filter((t) => t.startsWith('Crash-proof')))
    await expect.poll(shown, { timeout: 60_000 }).toEqual(texts)
    expect(await ada.page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    )
  }, 300_000)
})
