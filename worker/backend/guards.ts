import type { Guard } from '../appwrite-edge/batch'
import type { CreateIf } from './port'

/**
 * A CreateIf's conditions as batch guards: answer 0 is the caller check (GET /account), read i
 * is answer i + 1. The same gate the Worker applies afterwards (middleware/auth.ts), so the row
 * is never written for a caller the Worker would refuse.
 */
export function createGuards(create: CreateIf): Guard[] {
  return [
    { answer: 0, field: '$id', equals: create.callerId },
    { answer: 0, field: 'emailVerification', equals: true },
    { answer: 0, field: 'email', in: create.allowedEmails },
    ...create.rows.flatMap((r): Guard[] =>
      'missing' in r
        ? [{ answer: r.read + 1, status: 404 }]
        : [
            { answer: r.read + 1, status: 200 },
            { answer: r.read + 1, field: r.unset, truthy: false },
          ],
    ),
  ]
}
