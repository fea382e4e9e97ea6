import { DurableObject } from 'cloudflare:workers'

// The benchmark's anchor: the barest hibernating relay a Durable Object can be. POST /send
// broadcasts the body to every socket; nothing is stored, nothing is checked.
export class Relay extends DurableObject {
  async fetch(req: Request): Promise<Response> {
    if (req.headers.get('upgrade') === 'websocket') {
      const { 0: client, 1: server } = new WebSocketPair()
      this.ctx.acceptWebSocket(server)
      return new Response(null, { status: 101, webSocket: client })
    }
    const body = await req.text()
    for (const ws of this.ctx.getWebSockets()) ws.send(body)
    return new Response(null, { status: 204 })
  }
}

export default {
  fetch(req: Request, env: { RELAY: DurableObjectNamespace<Relay> }) {
    return env.RELAY.get(env.RELAY.idFromName('relay')).fetch(req)
  },
}
