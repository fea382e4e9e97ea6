import { DurableObject } from 'cloudflare:workers'
import { CommitGroup } from '../../worker/appwrite-edge/db/commit-group'

// The API bench's anchors: the cheapest answers a Worker and a SQLite Durable Object can give.
// GET /bare answers from the Worker alone; POST /do-read parses the JSON body, makes one RPC to
// the object, which reads one row from its SQLite storage; POST /do-write stores the body as a
// new row instead (one durable insert) and answers it; POST /do-write-grouped does so in the
// object's commit group, as the app's sends are (worker/appwrite-edge/db/commit-group.ts). No
// auth, no validation.
export class Store extends DurableObject<Record<string, never>> {
  readonly commits = new CommitGroup()

  constructor(ctx: DurableObjectState, env: Record<string, never>) {
    super(ctx, env)
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS rows (id TEXT PRIMARY KEY, data TEXT NOT NULL);
       INSERT OR IGNORE INTO rows VALUES ('status', '{"presence":"online","isTyping":false}')`,
    )
  }

  read(id: string): Record<string, unknown> | undefined {
    const row = this.ctx.storage.sql.exec<{ data: string }>(
      'SELECT data FROM rows WHERE id = ?',
      id,
    )
    const found = row.toArray()[0]
    return found && { $id: id, ...JSON.parse(found.data) }
  }

  write(data: Record<string, unknown>): Record<string, unknown> {
    const id = crypto.randomUUID()
    this.ctx.storage.sql.exec('INSERT INTO rows VALUES (?, ?)', id, JSON.stringify(data))
    return { $id: id, ...data }
  }

  async writeGrouped(data: Record<string, unknown>): Promise<Record<string, unknown>> {
    await this.commits.turn()
    return this.write(data)
  }
}

export default {
  async fetch(req: Request, env: { STORE: DurableObjectNamespace<Store> }) {
    const path = new URL(req.url).pathname
    if (path === '/bare') return Response.json({ status: 'ok' })
    const store = () => env.STORE.get(env.STORE.idFromName('store'))
    if (path === '/do-read' && req.method === 'POST') {
      const { id } = (await req.json()) as { id: string }
      const row = await store().read(id)
      return row ? Response.json(row) : Response.json({ message: 'not found' }, { status: 404 })
    }
    if (path === '/do-write' && req.method === 'POST') {
      const data = (await req.json()) as Record<string, unknown>
      return Response.json(await store().write(data), { status: 201 })
    }
    if (path === '/do-write-grouped' && req.method === 'POST') {
      const data = (await req.json()) as Record<string, unknown>
      return Response.json(await store().writeGrouped(data), { status: 201 })
    }
    return new Response('not found', { status: 404 })
  },
}
