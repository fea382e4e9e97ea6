import { queryOptions } from '@tanstack/react-query'
import { Query } from 'appwrite'
import { DATABASE_ID, TABLE_IDS } from '../../../shared/db-ids'
import { account, tablesDB } from '../../lib/appwrite'
import { isBackendError } from '../../lib/errors'
import { describeSession, orderSessions } from './session-view'

/**
 * The account's live sessions, this device first (GET /v1/account/sessions), each with when it
 * was last in use where known (the rows only their owner reads; without them, the list as is).
 */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['sessions'],
    queryFn: async () => {
      const [{ sessions }, activity] = await Promise.all([
        account.listSessions(),
        tablesDB
          .listRows({
            databaseId: DATABASE_ID,
            tableId: TABLE_IDS.session_activity,
            // The devices in use most lately: rows of ended sessions may be older.
            queries: [Query.orderDesc('activeAt'), Query.limit(100)],
          })
          .then(
            (list) => list.rows,
            () => [],
          ),
      ])
      const activeAt = new Map(activity.map((r) => [r.$id, String(r.activeAt)]))
      return orderSessions(sessions).map((s) => describeSession(s, activeAt.get(s.$id)))
    },
  })

/**
 * Ends the given sessions (DELETE /v1/account/sessions/{id} each). One that has already ended
 * (expired, or signed out meanwhile) counts as done; any other failure is raised.
 */
export async function endSessionsById(ids: string[]): Promise<void> {
  const results = await Promise.allSettled(
    ids.map((sessionId) => account.deleteSession({ sessionId })),
  )
  const failed = results.find(
    (r): r is PromiseRejectedResult =>
      r.status === 'rejected' && !(isBackendError(r.reason) && r.reason.code === 404),
  )
  if (failed) throw failed.reason
}
