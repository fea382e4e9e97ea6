import type { Config } from '../../config'
import type { Mail } from '../context'
import type { Sql } from '../db/sql'
import { isoNow } from '../db/sql'

export type OutboxMail = Mail & { sentAt: string }

type SendEmailBinding = { send(message: unknown): Promise<void> }

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
  const binding = (env as unknown as { MAIL?: SendEmailBinding }).MAIL
  if (!binding) throw new Error('MAIL_TRANSPORT is "send_email" but no MAIL binding is configured')
  const { EmailMessage } = await import('cloudflare:email')
  const raw = [
    `From: ${config.MAIL_FROM}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
  ].join('\r\n')
  const from = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM
  await binding.send(new EmailMessage(from, mail.to, raw))
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
