import { Account, Channel, Client } from 'appwrite'
import { afterEach, describe, expect, it } from 'vitest'
import { expectModel } from './helpers/openapi'
import { closeRawSockets, RawSocket } from './helpers/raw-socket'
import { acked, disconnectAll, inbox, live, socketOf, wsUrl } from './helpers/realtime'
import { endpoint, PROJECT } from './helpers/server-sdk'
import { newUser, sessionClient } from './helpers/users'

// How a socket becomes a user's: a JWT at connect, or an `authentication` frame after `account`
// was subscribed as a guest (the subscription is rebound to the user's account channel).

afterEach(async () => {
  closeRawSockets()
  await disconnectAll()
})

describe('realtime authentication', () => {
  it('a JWT in the URL authenticates the socket at connect', async () => {
    const a = await newUser()
    const { jwt } = await new Account(sessionClient(a.session)).createJWT()
    const client = new Client().setEndpoint(endpoint()).setProject(PROJECT).setJWT(jwt)
    const rt = live(client)
    const got = inbox()
    await rt.subscribe(Channel.account(), got.push)
    await acked(rt, `account.${a.id}`)
    expect(socketOf(rt).frames[0]).toMatchObject({
      type: 'connected',
      data: { channels: [], subscriptions: [], user: { $id: a.id, email: a.email } },
    })
    expectModel(socketOf(rt).frames[0].data.user, 'user')
    // Already signed in, so the SDK sends no authentication frame.
    expect(socketOf(rt).frames.some((f) => f.data?.to === 'authentication')).toBe(false)
    await new Account(sessionClient(a.session)).updateName({ name: 'Renamed' })
    expect((await got.nth(1)).payload).toMatchObject({ $id: a.id, name: 'Renamed' })
  })

  it('rebinds `account` subscriptions made before authentication', async () => {
    const a = await newUser()
    const s = new RawSocket(wsUrl())
    await s.next('connected')
    s.send({ type: 'subscribe', data: [{ subscriptionId: 'acc', channels: ['account'] }] })
    const ack = await s.find((f) => f.data?.to === 'subscribe', 'ack')
    expect(ack.data.subscriptions[0].channels).toEqual([])
    s.send({ type: 'authentication', data: { session: a.session } })
    const auth = await s.find((f) => f.data?.to === 'authentication', 'auth')
    expect(auth.data).toMatchObject({ success: true, user: { $id: a.id } })
    await new Account(sessionClient(a.session)).updatePrefs({ prefs: { late: true } })
    const event = await s.find((f) => f.type === 'event', 'event')
    expect(event.data.subscriptions).toEqual(['acc'])
    expect(event.data.payload.$id).toBe(a.id)
  })
})
