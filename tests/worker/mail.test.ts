import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { sender, sendMail } from '../../worker/appwrite-edge/mail/transport'
import { app } from '../../worker/app'
import { getConfig } from '../../worker/config'

// The production mail transport with a stand-in for Cloudflare's Email Service binding (a
// third-party service), and the dev outbox route, which exists only in local outbox mode.

const mail = {
  to: 'ada@kathelia.test',
  subject: 'Verify your Kathelia account',
  text: 'Hello\n\nhttps://kathelia.test/?userId=u',
  html: '<p>Hello</p>',
}
// Production refuses the published local secrets (worker/config.ts): these are this test's own.
const ownSecrets = {
  AUTH_SECRET: 'mail-test-auth-secret-0123456789abcdef0123',
  PASSWORD_PEPPER: 'mail-test-password-pepper-0123456789abcdef',
  EMBEDDED_API_KEY: 'standard_mail-test-key-0123456789abcdef0123',
}
const production = { ...env, ...ownSecrets, APP_ENV: 'production', MAIL_TRANSPORT: 'send_email' }
const noSql = undefined as never // only the outbox transport writes SQL

function fakeMail(fail?: Error) {
  const sent: unknown[] = []
  const MAIL = {
    async send(message: unknown) {
      if (fail) throw fail
      sent.push(message)
      return { messageId: `<${sent.length}@fake>` }
    },
  }
  return { sent, env: { ...production, MAIL } as unknown as Env }
}

describe('send_email transport (Email Service binding MAIL)', () => {
  it('sends the structured message: sender from MAIL_FROM, text and html', async () => {
    const fake = fakeMail()
    await sendMail(noSql, getConfig(fake.env), fake.env, mail)
    expect(fake.sent).toEqual([
      {
        from: { name: 'Kathelia', email: 'no-reply@kathelia.test' },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      },
    ])
  })

  it('fails loudly without the binding or when the service refuses', async () => {
    const bare = production as unknown as Env
    await expect(sendMail(noSql, getConfig(bare), bare, mail)).rejects.toThrow(/no MAIL binding/)
    const refused = fakeMail(new Error('E_SENDER_NOT_VERIFIED'))
    await expect(sendMail(noSql, getConfig(refused.env), refused.env, mail)).rejects.toThrow(
      'E_SENDER_NOT_VERIFIED',
    )
  })

  it('reads MAIL_FROM with or without a display name', () => {
    expect(sender('Kathelia <no-reply@kathelia.test>')).toEqual({
      name: 'Kathelia',
      email: 'no-reply@kathelia.test',
    })
    expect(sender('"Kathelia Mail" <a@kathelia.test>')).toEqual({
      name: 'Kathelia Mail',
      email: 'a@kathelia.test',
    })
    expect(sender('<a@kathelia.test>')).toBe('a@kathelia.test')
    expect(sender(' a@kathelia.test ')).toBe('a@kathelia.test')
  })
})

describe('GET /__dev/outbox', () => {
  const outbox = (vars: Record<string, string>) =>
    app.fetch(new Request('http://kathelia.test/__dev/outbox'), { ...env, ...vars } as Env)

  it('lists the outbox in local development (the default)', async () => {
    const res = await outbox({})
    expect(res.status).toBe(200)
    expect(Array.isArray(await res.json())).toBe(true)
  })

  it('is a page for a browser (Accept: text/html), the links of its mails clickable', async () => {
    const res = await app.fetch(
      new Request('http://kathelia.test/__dev/outbox', { headers: { accept: 'text/html' } }),
      env as Env,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await res.text()).toContain('<h1>Outbox (development)</h1>')
  })

  it.each([
    ['APP_ENV=production', { ...ownSecrets, APP_ENV: 'production', MAIL_TRANSPORT: 'send_email' }],
    ['MAIL_TRANSPORT=http', { MAIL_TRANSPORT: 'http', MAIL_HTTP_URL: 'https://mail.test/send' }],
    ['MAIL_TRANSPORT=send_email', { MAIL_TRANSPORT: 'send_email' }],
  ])('is 404 with %s', async (_, vars) => {
    const res = await outbox(vars)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      code: 'not_found',
      message: 'No route for GET /__dev/outbox',
    })
  })
})
