import { ID } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { failure } from './helpers/failure'
import { expectModel } from './helpers/openapi'
import { lastMailTo, outbox } from './helpers/outbox'
import { createUser, signedIn } from './helpers/users'
import { webClient } from './helpers/web-sdk'

// Email verification and password recovery mails, read from the shared server's outbox.

const url = inject('serverUrl')

describe('email verification', () => {
  it('mails a link with userId, secret and expire that verifies the account once', async () => {
    const u = await createUser(url, 'verify')
    const web = await signedIn(url, u)
    const token = await web.account.createEmailVerification({ url: `${url}/?from=mail` })
    expectModel(token, 'token')
    expect(token).toMatchObject({ userId: u.id, secret: '' })
    const seconds = (Date.parse(token.expire) - Date.now()) / 1000
    expect(seconds).toBeGreaterThan(3590)
    expect(seconds).toBeLessThanOrEqual(3600)

    const { mail, link, params } = await lastMailTo(u.email)
    expect(mail.subject).toBe('Verify your Kathelia account')
    expect(mail.html).toContain('href="')
    expect(link.origin).toBe(url)
    expect(params).toMatchObject({ from: 'mail', userId: u.id, expire: token.expire })
    expect(params.secret).toMatch(/^[0-9a-f]{64}$/)
    expect(mail.text).toContain('expire=' + encodeURIComponent(token.expire))

    // The landing page verifies without a session (scope public).
    const landing = webClient(url)
    const done = await landing.account.updateEmailVerification({
      userId: u.id,
      secret: params.secret,
    })
    expectModel(done, 'token')
    expect(landing.jar.last!.status).toBe(200)
    expect((await web.account.get()).emailVerification).toBe(true)

    const reused = await failure(
      landing.account.updateEmailVerification({ userId: u.id, secret: params.secret }),
    )
    expect([reused.code, reused.type]).toEqual([401, 'user_invalid_token'])
    const again = await failure(web.account.createEmailVerification({ url: `${url}/` }))
    expect([again.code, again.type]).toEqual([409, 'user_email_already_verified'])
  })

  it('answers an unknown user exactly like a wrong secret (no account oracle)', async () => {
    const u = await createUser(url, 'verify2')
    const web = await signedIn(url, u)
    await web.account.createVerification({ url: `${url}/` }) // the deprecated alias
    const unknown = await failure(
      web.account.updateEmailVerification({ userId: 'nobody', secret: 'x' }),
    )
    const wrong = await failure(
      web.account.updateVerification({ userId: u.id, secret: 'f'.repeat(64) }),
    )
    expect([wrong.code, wrong.type]).toEqual([401, 'user_invalid_token'])
    expect([unknown.code, unknown.type, unknown.message]).toEqual([401, wrong.type, wrong.message])
  })

  it('links `${origin}/` as exactly / with userId, secret and expire (what the SPA sends)', async () => {
    const u = await createUser(url, 'verify-root')
    const web = await signedIn(url, u)
    const token = await web.account.createEmailVerification({ url: `${url}/` })
    const { link, params } = await lastMailTo(u.email)
    expect(link.origin).toBe(url)
    expect(link.pathname).toBe('/')
    expect(link.hash).toBe('')
    expect(Object.keys(params).sort()).toEqual(['expire', 'secret', 'userId'])
    expect(params).toMatchObject({ userId: u.id, expire: token.expire })
    expect(params.secret).toMatch(/^[0-9a-f]{64}$/)
  })

  it("refuses a link to another site's origin", async () => {
    const u = await createUser(url, 'verify3')
    const web = await signedIn(url, u)
    const err = await failure(web.account.createEmailVerification({ url: 'https://evil.test/' }))
    expect([err.code, err.type]).toEqual([400, 'general_argument_invalid'])
    expect(err.message).toMatch(/^Invalid `url` param: URL host must be one of: /)
  })
})

describe('password recovery', () => {
  it('mails a link; the secret sets a new password once and ends every session', async () => {
    const u = await createUser(url, 'recover')
    const before = await signedIn(url, u)
    const guest = webClient(url)
    const token = await guest.account.createRecovery({ email: u.email, url: `${url}/reset` })
    expectModel(token, 'token')
    expect(token).toMatchObject({ userId: u.id, secret: '' })
    const { mail, params } = await lastMailTo(u.email)
    expect(mail.subject).toBe('Reset your Kathelia password')
    expect(params).toMatchObject({ userId: u.id, expire: token.expire })

    const wrong = await failure(
      guest.account.updateRecovery({ userId: u.id, secret: 'x', password: 'Recovered-1!' }),
    )
    expect([wrong.code, wrong.type]).toEqual([401, 'user_invalid_token'])
    const done = await guest.account.updateRecovery({
      userId: u.id,
      secret: params.secret,
      password: 'Recovered-1!',
    })
    expectModel(done, 'token')
    expect((await failure(before.account.get())).code).toBe(401)
    await signedIn(url, { email: u.email, password: 'Recovered-1!' })
    const reused = await failure(
      guest.account.updateRecovery({ userId: u.id, secret: params.secret, password: 'Again-12!' }),
    )
    expect(reused.type).toBe('user_invalid_token')
  })

  it('answers an unknown email like a known one and sends nothing (no account oracle)', async () => {
    const count = (await outbox()).length
    const email = `ghost-${ID.unique()}@kathelia.test`
    const token = await webClient(url).account.createRecovery({ email, url: `${url}/reset` })
    expectModel(token, 'token')
    const again = await webClient(url).account.createRecovery({ email, url: `${url}/reset` })
    expect(again.userId).toBe(token.userId) // stable, like a real account's id
    expect((await outbox()).length).toBe(count)
    const err = await failure(
      webClient(url).account.updateRecovery({
        userId: token.userId,
        secret: 'x',
        password: 'Whatever-1!',
      }),
    )
    expect(err.type).toBe('user_invalid_token')
  })
})
