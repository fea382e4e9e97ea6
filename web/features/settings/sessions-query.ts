import { queryOptions } from '@tanstack/react-query'
import { account } from '../../lib/appwrite'
import { isBackendError } from '../../lib/errors'
import { describeSession, orderSessions } from './session-view'

/** The account's live sessions, this device first (GET /v1/account/sessions). */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['sessions'],
    queryFn: async () =>
      orderSessions((await account.listSessions()).sessions).map(describeSession),
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
