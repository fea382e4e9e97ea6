import { usePresence } from './use-presence'

/**
 * The caller's presence reports (use-presence.ts), a chunk of its own started once the page has
 * settled (signed-in-app.tsx): the room's first load does not wait for it, and its first
 * heartbeat does not compete with the room's own requests.
 */
export default function PresenceReports() {
  usePresence()
  return null
}
