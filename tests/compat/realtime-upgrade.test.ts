import { Account } from 'appwrite'
import { afterEach, describe, expect, it } from 'vitest'
import { expectModel } from './helpers/openapi'
import { closeRawSockets, RawSocket } from './helpers/raw-socket'
import { wsUrl } from './helpers/realtime'
import { PROJECT } from './helpers/server-sdk'
import { newUser, sessionClient } from './helpers/users'

// A refused upgrade, as Appwrite does it: the socket opens and gets one error frame
// {type:"error",data:{code,message}}, then the server closes it. The code is the failure's own:
// 401 for a bad JWT (Appwrite's e2e RealtimeCustomClientTest::testConnectionJWT), 1008 for an
// unknown project or origin (RealtimeBase, testConnectionPlatform). Appwrite drops the TCP
// connection without a close code; ours closes with 1008 so the SDK does not retry.
// A stale session is no refusal: it connects as a guest, as in Appwrite.

afterEach(closeRawSockets)

/** Opens a raw socket and waits for the server's first answer (a status, a frame or a close). */
const open = (url: string, headers: Record<string, string> = {}) =>
  new RawSocket(url, headers).answered()

async function expectRefused(s: RawSocket, code: number, message: string | RegExp) {
  expect(s.status, 'the upgrade is answered with 101, not an HTTP error').toBeUndefined()
  const closed = await s.whenClosed()
  expect(s.frames).toHaveLength(1)
  expect(s.frames[0]).toMatchObject({ type: 'error', data: { code } })
  expect(s.frames[0].data.message).toMatch(message)
  expect(closed.code).toBe(1008)
}

const jwtOf = async (session: string, duration?: number) =>
  (await new Account(sessionClient(session)).createJWT(duration === undefined ? {} : { duration }))
    .jwt

describe('realtime upgrade with bad credentials', () => {
  it('a forged JWT in the URL: error frame 401, then close', async () => {
    await expectRefused(await open(wsUrl('&jwt=not-a-jwt')), 401, /^Failed to verify JWT\./)
  })

  it('an expired JWT in the X-Appwrite-JWT header: the same', async () => {
    const { session } = await newUser()
    const jwt = await jwtOf(session, 0)
    await expectRefused(await open(wsUrl(), { 'x-appwrite-jwt': jwt }), 401, /JWT/)
  })

  it('a JWT whose session was signed out: the same; while the session lived it connected', async () => {
    const { id, session } = await newUser()
    const jwt = await jwtOf(session)
    const live = await open(wsUrl(`&jwt=${jwt}`))
    expect(live.frames[0]).toMatchObject({ type: 'connected', data: { user: { $id: id } } })
    await new Account(sessionClient(session)).deleteSession({ sessionId: 'current' })
    await expectRefused(await open(wsUrl(`&jwt=${jwt}`)), 401, /JWT/)
  })

  it('an unknown project or a foreign origin: error frame 1008, then close', async () => {
    const url = wsUrl().replace(`project=${PROJECT}`, 'project=nope')
    await expectRefused(await open(url), 1008, 'Missing or unknown project ID')
    await expectRefused(
      await open(wsUrl(), { origin: 'https://evil.test' }),
      1008,
      'Invalid Origin. Register your new client (evil.test) as a new Web platform on your project console dashboard',
    )
  })

  it('a live session cookie connects as its user: `connected` carries the Account', async () => {
    const { id, email, session } = await newUser()
    const s = await open(wsUrl(), { cookie: `a_session_${PROJECT}=${session}` })
    expect(s.frames[0]).toMatchObject({
      type: 'connected',
      data: { channels: [], subscriptions: [], user: { $id: id, email } },
    })
    expectModel(s.frames[0].data.user, 'user')
    expect(s.frames[0].data.user).not.toHaveProperty('password')
  })

  it('a signed-out session cookie connects as a guest, as in Appwrite', async () => {
    const { session } = await newUser()
    await new Account(sessionClient(session)).deleteSession({ sessionId: 'current' })
    const s = await open(wsUrl(), { cookie: `a_session_${PROJECT}=${session}` })
    expect(s.frames[0]).toMatchObject({ type: 'connected', data: { user: null } })
  })
})
