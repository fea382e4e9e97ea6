import type { Config } from '../../config'
import type { Mail } from '../context'
import type { Sql } from '../db/sql'
import { isoNow } from '../db/sql'

export type OutboxMail = Mail & { sentAt: string }

/** Sends through the configured transport. The outbox is a table, read by GET /__dev/outbox. */
export async function sendMail(sql: Sql, config: Config, env: Env, mail: Mail): Promise<void> {
  if (config.MAIL_TRANSPORT === 'outbox') {
    sql.run(
      'INSERT INTO outbox (to_addr, subject, text, html, sent_at) VALUES (?, ?, ?, ?, ?)',
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      isoNow(),
    )
    return
  }
  if (config.MAIL_TRANSPORT === 'http') {
    const res = await fetch(config.MAIL_HTTP_URL!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.MAIL_HTTP_TOKEN ? { authorization: `Bearer ${config.MAIL_HTTP_TOKEN}` } : {}),
      },
      body: JSON.stringify({ from: config.MAIL_FROM, ...mail }),
    })
    if (!res.ok) throw new Error(`Mail API answered ${res.status}`)
    return
  }
  const binding = (env as { MAIL?: Pick<SendEmail, 'send'> }).MAIL
  if (!binding) throw new Error('MAIL_TRANSPORT is "send_email" but no MAIL binding is configured')
  // Email Service's structured form: Cloudflare builds the MIME message (Date, Message-ID,
  // multipart/alternative with both parts), so no hand-made headers can be missing.
  // https://developers.cloudflare.com/email-service/api/send-emails/workers-api/
  await binding.send({
    from: sender(config.MAIL_FROM),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  })
}

/** MAIL_FROM as the binding takes it: "Name <a@b>" → { name, email }, a bare address as is. */
export function sender(from: string): string | EmailAddress {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from)
  if (!m) return from.trim()
  const name = m[1].replace(/^"(.*)"$/, '$1')
  return name ? { name, email: m[2] } : m[2]
}

export function readOutbox(sql: Sql): OutboxMail[] {
  return sql
    .all<{ to_addr: string; subject: string; text: string; html: string; sent_at: string }>(
      'SELECT * FROM outbox ORDER BY id DESC',
    )
    .map((m) => ({
      to: m.to_addr,
      subject: m.subject,
      text: m.text,
      html: m.html,
      sentAt: m.sent_at,
    }))
}
