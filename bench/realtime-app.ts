import './node-browser-shim'
import { randomUUID } from 'node:crypto'
import { Channel, Client, Realtime } from 'appwrite'
import * as server from 'node-appwrite'
import { HOME_ROOM_ID } from '../shared/constants'
import { DATABASE_ID, TABLES } from '../shared/db-schema'
import { signedInPair } from './api-seed'
import { buildApp, removeBuild, serveApp } from './built-worker'
import type { RealtimeTarget } from './realtime-load'

const PROJECT = 'kathelia'
const SAMPLE = 50
const PAGE = 1000

/**
 * The real app as deployed (`vite build`, served by `wrangler dev` with APP_ENV=production, no
 * dev-server hop) with fresh state, used as the SPA uses it: Ada sends each message to the home
 * room with POST /api/message/add (her JWT, a client id per message, as the outbox sends it), and
 * Ben receives it through the web SDK's `Realtime` on the messages channel, signed in with his
 * session. The server key only reads rows back for the audits.
 */
export async function startApp(): Promise<RealtimeTarget> {
  const build = await buildApp()
  const served = await serveApp(build).catch((err) => {
    removeBuild(build)
    throw err
  })
  const app = {
    ...served,
    async close() {
      await served.close()
      removeBuild(build)
    },
  }
  try {
    const endpoint = `${app.url}/v1`
    const keyClient = new server.Client().setEndpoint(endpoint).setProject(PROJECT).setKey(app.key)
    const tables = new server.TablesDB(keyClient)
    const [ada, ben] = await signedInPair(app.url, app.key)
    const realtime = new Realtime(
      new Client().setEndpoint(endpoint).setProject(PROJECT).setSession(ben.session),
    )
    const homeRows = (queries: string[]) =>
      tables.listRows({
        databaseId: DATABASE_ID,
        tableId: TABLES.messages.id,
        queries: [server.Query.equal('roomId', HOME_ROOM_ID), ...queries, server.Query.limit(1)],
      })
    const newestSeq = async () =>
      Number((await homeRows([server.Query.orderDesc('seq')])).rows[0]?.seq ?? 0)
    let handler: (body: string) => void = () => {}
    // "Stored before received": every SAMPLE-th event, the row is read back as the event arrives.
    const receipt = { read: 0, absent: 0, seen: 0, pending: [] as Promise<void>[] }
    const readBack = (rowId: string) =>
      tables.getRow({ databaseId: DATABASE_ID, tableId: TABLES.messages.id, rowId }).then(
        () => void receipt.read++,
        (err: { code?: number }) => {
          if (err.code !== 404) throw err
          receipt.read++
          receipt.absent++
        },
      )
    const subscription = await realtime.subscribe(
      Channel.tablesdb(DATABASE_ID).table(TABLES.messages.id).row(),
      (event) => {
        if (++receipt.seen % SAMPLE === 0) receipt.pending.push(readBack(event.payload.$id))
        handler(String(event.payload.message))
      },
    )
    return {
      name: 'kathelia (send + Realtime)',
      async write(body) {
        const res = await fetch(`${app.url}/api/message/add`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ada.jwt}`, 'content-type': 'application/json' },
          body: JSON.stringify({ roomId: HOME_ROOM_ID, message: body, clientId: randomUUID() }),
        })
        if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`)
      },
      onMessage(h) {
        handler = h
      },
      // Pages by the room's sequence: a list `total` stops at 5,000 (Appwrite's cap, the burst's
      // size), so it could not tell 5,000 stored rows from 5,000 plus duplicates.
      async storedSince() {
        const since = await newestSeq()
        return async () => {
          const bodies: string[] = []
          for (let after = since; ;) {
            const { rows } = await tables.listRows({
              databaseId: DATABASE_ID,
              tableId: TABLES.messages.id,
              queries: [
                server.Query.equal('roomId', HOME_ROOM_ID),
                server.Query.greaterThan('seq', after),
                server.Query.orderAsc('seq'),
                server.Query.limit(PAGE),
              ],
              total: false,
            })
            if (!rows.length) return bodies
            for (const r of rows) bodies.push(String(r.message))
            after = Number(rows.at(-1)!.seq)
          }
        }
      },
      async readAtReceipt() {
        await Promise.all(receipt.pending)
        return { read: receipt.read, absent: receipt.absent }
      },
      async close() {
        await subscription.close()
        await realtime.disconnect()
        await app.close()
      },
    }
  } catch (err) {
    await app.close()
    throw err
  }
}
