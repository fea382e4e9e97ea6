import { APP_NAME } from '../../../shared/constants'
import type { Mail } from '../context'

// The mails of the account surface. Links are Appwrite's: the app URL the client gave (already
// checked against the app's origins) plus userId, secret and expire (Appwrite's date format).

export function tokenLink(url: string, userId: string, secret: string, expire: string): string {
  return withParams(url, { userId, secret, expire })
}

/** The URL with these query parameters set (URL-encoded), keeping its own. */
export function withParams(url: string, params: Record<string, string>): string {
  const link = new URL(url)
  for (const [k, v] of Object.entries(params)) link.searchParams.set(k, v)
  return link.toString()
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

function compose(to: string, subject: string, greeting: string, lines: string[], link: string) {
  const text = [greeting, '', ...lines, '', link, '', `— ${APP_NAME}`].join('\n')
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>— ${escapeHtml(APP_NAME)}</p>`,
  ].join('\n')
  return { to, subject, text, html } satisfies Mail
}

export const verificationMail = (to: string, name: string, link: string): Mail =>
  compose(
    to,
    `Verify your ${APP_NAME} account`,
    `Hello ${name || to},`,
    [
      `Follow this link to verify your email address for ${APP_NAME}.`,
      'The link is valid for one hour. If you did not ask for it, you can ignore this message.',
    ],
    link,
  )

export const recoveryMail = (to: string, name: string, link: string): Mail =>
  compose(
    to,
    `Reset your ${APP_NAME} password`,
    `Hello ${name || to},`,
    [
      `Follow this link to choose a new password for ${APP_NAME}.`,
      'The link is valid for one hour. If you did not ask for it, you can ignore this message.',
    ],
    link,
  )

export const invitationMail = (to: string, name: string, team: string, link: string): Mail =>
  compose(
    to,
    `Invitation to join ${team} on ${APP_NAME}`,
    `Hello ${name || to},`,
    [`You have been invited to join the team ${team} on ${APP_NAME}. Follow this link to accept.`],
    link,
  )
