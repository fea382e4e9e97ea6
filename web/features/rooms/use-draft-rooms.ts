import { useMemo } from 'react'
import { useSnapshot } from 'valtio'
import { draftWrites, roomsWithDraft } from '../chat/drafts'

/**
 * The rooms (Home too) with unsent text of `meId`'s in this browser, for the sidebar's "Draft"
 * marks; read again only when a room gains or loses its draft (drafts.ts), not at every render.
 */
export function useDraftRooms(meId: string | undefined): ReadonlySet<string> {
  const { n: draftChanges } = useSnapshot(draftWrites)
  return useMemo(() => (meId ? roomsWithDraft(meId) : new Set<string>()), [meId, draftChanges])
}
