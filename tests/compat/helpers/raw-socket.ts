import { WebSocket } from 'ws'
import { until } from './realtime'

// A plain WebSocket on /v1/realtime that records the wire frame by frame: what the SDKs hide
// (error frames, pong, acknowledgements, URL mode, refused upgrades). Every socket opened here
// is ended by closeRawSockets (call it in afterEach).

export type Frame = { type: string; data?: any }

const opened = new Set<RawSocket>()

export class RawSocket {
  readonly ws: WebSocket
  readonly frames: Frame[] = []
  closed?: { code: number; reason: string }
  /** The HTTP status when the upgrade was answered without a socket. */
  status?: number
  private seen = 0

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers })
    opened.add(this)
    this.ws.on('message', (m) => this.frames.push(JSON.parse(String(m))))
    this.ws.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }))
    this.ws.on('unexpected-response', (_req, res) => {
      this.status = res.statusCode
      this.ws.terminate()
    })
  }

  /** Resolves once the upgrade succeeded; rejects on a socket error before that. */
  open(): Promise<this> {
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve(this))
      this.ws.once('error', reject)
    })
  }

  /** Resolves once the server answered at all: a status, a frame or a close. */
  async answered(): Promise<this> {
    this.ws.on('error', () => undefined)
    await until(
      () => this.status !== undefined || this.frames.length > 0 || this.closed,
      'an answer',
    )
    return this
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
  }

  /** The next frame not yet consumed (in arrival order). */
  async next(what = 'a frame'): Promise<Frame> {
    await until(() => this.frames.length > this.seen, what)
    return this.frames[this.seen++]
  }

  async request(frame: unknown): Promise<Frame> {
    this.send(frame)
    return this.next(`reply to ${JSON.stringify(frame).slice(0, 60)}`)
  }

  /** The first received frame that fits, waiting for it. */
  find(match: (f: Frame) => boolean, what: string): Promise<Frame> {
    return until(() => this.frames.find(match), what)
  }

  whenClosed() {
    return until(() => this.closed, 'close')
  }
}

export function closeRawSockets() {
  for (const s of opened) s.ws.terminate()
  opened.clear()
}
