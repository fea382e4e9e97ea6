import { inject } from 'vitest'

// The local mail outbox of a server in development mode (GET /__dev/outbox, newest first).

export type OutboxMail = { to: string; subject: string; text: string; html: string; sentAt: string }

export const outbox = async (serverUrl: string = inject('serverUrl')): Promise<OutboxMail[]> =>
  (await fetch(`${serverUrl}/__dev/outbox`)).json()

/** The newest mail to `to`, the link in its text and that link's query parameters. */
export async function lastMailTo(to: string, serverUrl?: string) {
  const mail = (await outbox(serverUrl)).find((m) => m.to === to)
  if (!mail) throw new Error(`no mail to ${to}`)
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0])
  return { mail, link, params: Object.fromEntries(link.searchParams) }
}
