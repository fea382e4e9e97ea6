import type { Config } from '../config'
import { edge } from '../appwrite-edge'
import { isRefusal, type BatchAnswer, type Refusal, type updateRowIf } from '../appwrite-edge/batch'
import { carriesPassword } from '../appwrite-edge/password-step'
import { backendStub } from '../appwrite-edge/stub'
import { createGuards } from './guards'
import { BackendError, toBackendUser, type BackendPort, type Row } from './port'
import { restBackend } from './rest'

const toError = ({ refused: r }: Refusal) => new BackendError(r.status, r.type, r.message)

// What a REST body would carry: an undefined field is left out, not sent as "unset it".
const asJson = (data: object) =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined))

/** A stub call that did not answer (the object reset, a broken connection) is a 502, as a fetch's. */
async function reached<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (err) {
    throw new BackendError(
      502,
      'backend_unreachable',
      err instanceof Error ? err.message : String(err),
    )
  }
}

/**
 * The embedded adapter: an in-process client of the Durable Object's Appwrite surface. Requests
 * go straight to the object (no network hop, no Worker-side CORS/project step); server operations
 * carry the embedded API key, getCaller the caller's JWT. A request with a new password (the users
 * API) takes the Worker's /v1 step instead, which checks the password rules and hashes it: the
 * object never sees a plain password. The caller check with its reads and guarded create, and the
 * conditional write, are RPCs that call the object's row service directly (appwrite-edge/batch.ts).
 */
export function embeddedBackend(env: Env, config: Config): BackendPort {
  const stub = () => backendStub(env, config)
  const rest = restBackend({
    kind: 'embedded',
    endpoint: 'http://edge/v1',
    project: config.APPWRITE_PROJECT_ID,
    key: config.EMBEDDED_API_KEY,
    transport: (req) =>
      carriesPassword(`${req.method} ${new URL(req.url).pathname}`)
        ? Promise.resolve(edge.fetch(req, env))
        : stub().fetch(req),
  })
  const getCallerWith: BackendPort['getCallerWith'] = async (jwt, reads, create) => {
    const answer = (await reached(() =>
      stub().batch({
        jwt,
        reads,
        ...(create && {
          create: {
            table: create.table,
            rowId: create.rowId,
            data: asJson(create.data),
            when: createGuards(create),
          },
          thenList: create.thenList,
        }),
      }),
    )) as BatchAnswer
    if (isRefusal(answer)) throw toError(answer)
    const { caller, rows, created, listed } = answer
    return {
      caller: toBackendUser(caller),
      rows: rows.map((r) => (isRefusal(r) ? toError(r) : ((r ?? undefined) as Row | undefined))),
      created: created && (isRefusal(created) ? toError(created) : created),
      listed: listed as never,
    }
  }
  return {
    ...rest,
    getCaller: async (jwt) => (await getCallerWith(jwt, [])).caller,
    getCallerWith,
    async updateRowIf(table, rowId, data, conditions) {
      const answer = (await reached(() =>
        stub().updateRowIf(table, rowId, asJson(data), conditions),
      )) as ReturnType<typeof updateRowIf>
      if (isRefusal(answer)) throw toError(answer)
      return { row: (answer.row ?? undefined) as never, written: answer.written }
    },
  }
}
