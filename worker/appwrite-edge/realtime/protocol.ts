// Wire frames of Appwrite's realtime protocol (all JSON `{type, data}`).

/** An error frame `{type:"error",data:{code,message}}`; code 1008 also closes the socket. */
export class RealtimeError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export const FORMAT_INVALID = 1003 // realtime_message_format_invalid
export const POLICY_VIOLATION = 1008 // realtime_policy_violation
export const TOO_MANY_MESSAGES = 1013 // realtime_too_many_messages

export const formatError = (message: string) => new RealtimeError(FORMAT_INVALID, message)

export type ClientFrame = { type: string; data: unknown }

/** Decodes an inbound frame the way Appwrite does before dispatching on `type`. */
export function parseFrame(raw: string | ArrayBuffer): ClientFrame {
  const text = typeof raw === 'string' ? raw : new TextDecoder().decode(raw)
  let msg: unknown
  try {
    msg = JSON.parse(text)
  } catch {
    throw formatError('Message format is not valid.')
  }
  if (!msg || typeof msg !== 'object' || Array.isArray(msg) || !('type' in msg || 'data' in msg))
    throw formatError('Message format is not valid.')
  const { type, data } = msg as { type?: unknown; data?: unknown }
  if (typeof type !== 'string') throw formatError('Message type is not valid.')
  return { type, data }
}

const frame = (type: string, data?: unknown) =>
  JSON.stringify(data === undefined ? { type } : { type, data })

export const connectedFrame = (
  channels: string[],
  subscriptions: string[] | Record<string, string>,
  user: unknown,
) => frame('connected', { channels, subscriptions, user })

export const responseFrame = (to: string, data: Record<string, unknown>) =>
  frame('response', { to, ...data })

export const errorFrame = (code: number, message: string) => frame('error', { code, message })

export const pongFrame = () => frame('pong')

/** The shared part of an event frame; only `subscriptions` differs between sockets. */
export type EventData = {
  events: string[]
  channels: string[]
  timestamp: string
  payload: Record<string, unknown>
}

export const eventFrame = (data: EventData, subscriptions: string[]) =>
  frame('event', { ...data, subscriptions })

/**
 * A refused upgrade, as Appwrite answers it: the socket opens and gets one error frame, then is
 * closed. The frame's code is the failure's own (Appwrite's e2e test expects 401 for a bad JWT,
 * 1008 for an unknown project or origin). Appwrite then drops the connection without a close
 * code; we close with 1008 (policy violation), the valid code that tells the SDK not to retry.
 * Not hibernatable: the socket lives only for these two frames.
 */
export function refuseUpgrade(code: number, message: string): Response {
  const [client, server] = Object.values(new WebSocketPair())
  server.accept()
  server.send(errorFrame(code, message))
  server.close(POLICY_VIOLATION, message.slice(0, 120))
  return new Response(null, { status: 101, webSocket: client })
}
