import type { Activity } from '../../shared/schemas'
import type { BackendPort } from '../backend'
import type { DetailsData } from './status'

/*
 * The partner's activity for the admin view (spec §6): coarse and truthful. The SPA says what kind
 * of thing its user is doing; the words and the room's name are the server's, so a client cannot
 * write arbitrary text there. Written only when it changes (each write is an event to the admin).
 */

const hhmm = (d: Date) => d.toISOString().slice(11, 16)
const DOING = { reading: 'Reading', typing: 'Typing', recording: 'Recording a voice message' }

/**
 * The activity text: "Reading Home", "Typing in Garden", "Recording a voice message in Garden",
 * "Searching", "In Settings", "Idle since 09:12 UTC".
 */
export async function describeActivity(
  backend: BackendPort,
  activity: Activity,
  now = new Date(),
): Promise<string> {
  switch (activity.kind) {
    case 'searching':
      return 'Searching'
    case 'settings':
      return 'In Settings'
    case 'idle': {
      const since = activity.since ? new Date(activity.since) : now
      // A clock ahead of the server's cannot make the idle time start in the future.
      return `Idle since ${hhmm(since > now ? now : since)} UTC`
    }
    case 'reading':
    case 'typing':
    case 'recording': {
      const room = activity.roomId
        ? await backend.getRow<{ name: string }>('rooms', activity.roomId)
        : undefined
      const doing = DOING[activity.kind]
      return room ? `${doing}${activity.kind === 'reading' ? '' : ' in'} ${room.name}` : doing
    }
  }
}

/** Stores the text in the user's status_details row unless it already says so. */
export async function recordActivity(
  backend: BackendPort,
  userId: string,
  activity: Activity,
): Promise<void> {
  const [text, current] = await Promise.all([
    describeActivity(backend, activity),
    backend.getRow<DetailsData>('status_details', userId),
  ])
  if (current?.activity !== text)
    await backend.upsertRow<DetailsData>('status_details', userId, { activity: text })
}
