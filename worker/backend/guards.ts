import type { Guard } from '../appwrite-edge/batch'
import type { CreateIf } from './port'

/**
 * A CreateIf's conditions as batch guards on the caller check and the reads. The same gate the
 * Worker applies afterwards (middleware/auth.ts), so the row is never written for a caller the
 * Worker would refuse.
 */
export function createGuards(create: CreateIf): Guard[] {
  return [
    { on: 'caller', field: '$id', equals: create.callerId },
    { on: 'caller', field: 'emailVerification', equals: true },
    { on: 'caller', field: 'email', in: create.allowedEmails },
    ...create.rows.flatMap((r): Guard[] =>
      'missing' in r
        ? [{ on: r.read, found: false }]
        : [
            { on: r.read, found: true },
            { on: r.read, field: r.unset, truthy: false },
          ],
    ),
  ]
}
