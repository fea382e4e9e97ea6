import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { startCaptureServer, type CaptureServer } from '../fixtures/capture-server'
import { createUser, signedIn as signedInAs } from './helpers/users'

// The mail transports a running server uses: the local outbox (GET /__dev/outbox, newest first,
// exactly { to, subject, text, html, sentAt }) and the `http` transport against a capture server
// standing in for the third-party email API.

async function signedIn(serverUrl: string, prefix: string) {
  const u = await createUser(serverUrl, prefix)
  return { u, web: await signedInAs(serverUrl, u) }
}

describe('the local outbox', () => {
  const url = inject('serverUrl')

  it('lists the sent mails newest first, each exactly { to, subject, text, html, sentAt }', async () => {
    const { u, web } = await signedIn(url, 'outbox')
    await web.account.createRecovery({ email: u.email, url: `${url}/reset` })
    await web.account.createEmailVerification({ url: `${url}/` })
    const res = await fetch(`${url}/__dev/outbox`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const all = (await res.json()) as Record<string, string>[]
    const [newer, older] = all.filter((m) => m.to === u.email)
    expect([newer.subject, older.subject]).toEqual([
      'Verify your Kathelia account',
      'Reset your Kathelia password',
    ])
    for (const mail of [newer, older]) {
      expect(Object.keys(mail).sort()).toEqual(['html', 'sentAt', 'subject', 'text', 'to'])
      expect(mail.to).toBe(u.email)
      expect(mail.sentAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/)
    }
    expect(Date.parse(newer.sentAt)).toBeGreaterThanOrEqual(Date.parse(older.sentAt))
    const sentAts = all.map((m) => Date.parse(m.sentAt))
    expect(sentAts).toEqual([...sentAts].sort((a, b) => b - a))
  })
})

describe('MAIL_TRANSPORT=http', () => {
  let mailApi: CaptureServer
  let server: AppServer
  beforeAll(async () => {
    mailApi = await startCaptureServer()
    server = await startAppServer({
      MAIL_TRANSPORT: 'http',
      MAIL_HTTP_URL: `${mailApi.url}/send`,
      MAIL_HTTP_TOKEN: 'mail-token-0123',
    })
  })
  afterAll(async () => {
    await server?.close()
    await mailApi?.close()
  })

  it('POSTs { from, to, subject, text, html } with the bearer token, and has no outbox', async () => {
    const { u, web } = await signedIn(server.url, 'http-mail')
    const token = await web.account.createEmailVerification({ url: `${server.url}/` })
    const [req] = await mailApi.waitFor(1)
    expect(req).toMatchObject({ method: 'POST', path: '/send' })
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers.authorization).toBe('Bearer mail-token-0123')
    const body = JSON.parse(req.body)
    expect(Object.keys(body).sort()).toEqual(['from', 'html', 'subject', 'text', 'to'])
    expect(body).toMatchObject({
      from: 'Kathelia <no-reply@kathelia.test>',
      to: u.email,
      subject: 'Verify your Kathelia account',
    })
    const link = new URL(/https?:\/\/\S+/.exec(body.text)![0])
    expect(link.searchParams.get('userId')).toBe(u.id)
    expect(link.searchParams.get('expire')).toBe(token.expire)
    expect(body.html).toContain(`href="${link.toString().replaceAll('&', '&amp;')}"`)

    expect((await fetch(`${server.url}/__dev/outbox`)).status).toBe(404)
  })
})
