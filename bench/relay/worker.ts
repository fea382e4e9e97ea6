import { DurableObject } from 'cloudflare:workers'

// The realtime bench's anchors: the barest hibernating relay a Durable Object can be. POST /send
// broadcasts the body to every socket; nothing is checked. Under /stored/ another object of the
// same class first inserts the body into its SQLite storage, so its sockets get the message only
// once the write is durable (the output gate): the floor of any relay that keeps its messages.
export class Relay extends DurableObject {
  async fetch(req: Request): Promise<Response> {
    if (req.headers.get('upgrade') === 'websocket') {
      const { 0: client, 1: server } = new WebSocketPair()
      this.ctx.acceptWebSocket(server)
      return new Response(null, { status: 101, webSocket: client })
    }
    const body = await req.text()
    if (new URL(req.url).pathname.startsWith('/stored/')) {
      this.ctx.storage.sql.exec(
        'CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT)',
      )
      this.ctx.storage.sql.exec('INSERT INTO messages (body) VALUES (?)', body)
    }
    for (const ws of this.ctx.getWebSockets()) ws.send(body)
    return new Response(null, { status: 204 })
  }
}

export default {
  fetch(req: Request, env: { RELAY: DurableObjectNamespace<Relay> }) {
    const name = new URL(req.url).pathname.startsWith('/stored/') ? 'stored' : 'relay'
    return env.RELAY.get(env.RELAY.idFromName(name)).fetch(req)
  },
}
