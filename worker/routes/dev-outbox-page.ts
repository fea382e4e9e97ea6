import { esc } from '../first-paint/markup'

// What the page shows of a mail in the outbox (appwrite-edge/mail/transport.ts OutboxMail).
type ShownMail = { to: string; subject: string; text: string; sentAt: string }

// A mail's plain text, escaped, its web addresses made links (the verification and reset links).
const linked = (text: string) =>
  esc(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)

/**
 * GET /__dev/outbox as a browser opens it (README: "open the outbox and follow the link"): each
 * mail's recipient, subject, time and text, its links clickable. Scripts get the JSON.
 */
export function outboxPage(mails: ShownMail[]): string {
  const items = mails
    .map(
      (m) => `<article><h2>${esc(m.subject)}</h2>
<p class="meta">To ${esc(m.to)} · ${esc(m.sentAt)}</p>
<pre>${linked(m.text)}</pre></article>`,
    )
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox · Kathelia</title>
<style>:root{color-scheme:light dark;font-family:system-ui,sans-serif}body{max-width:46rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #8884;border-radius:.75rem;padding:.25rem 1rem;margin:1rem 0}
.meta{opacity:.7;font-size:.9rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}</style>
</head><body><h1>Outbox (development)</h1>
<p>The mails the embedded backend sent, newest first.</p>
${items || '<p>No mail yet.</p>'}</body></html>`
}
