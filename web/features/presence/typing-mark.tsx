import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { isTypingIn } from './presence-model'
import { partnerSpoke, usePartnerTyping } from './use-partner-typing'

/**
 * "typing…" or "recording…" beside a room in the sidebar while the partner does so there (where
 * typing shows at all), as messengers mark a chat; otherwise `children` (the room's draft mark).
 * CSS hides it on the open room, whose own line says it (typing-indicator.tsx).
 */
export function TypingMark({ roomId, children }: { roomId: string; children?: ReactNode }) {
  const { status, now } = usePartnerTyping()
  const spoke = useSnapshot(partnerSpoke)[roomId]
  // A flag without a room (the API allows it) is the open room's line's only: not every entry's.
  if (status?.typingRoomId !== roomId || !isTypingIn(status, roomId, now, spoke)) return children
  return (
    <span className="typing-mark">{status.typingKind === 'voice' ? 'recording…' : 'typing…'}</span>
  )
}
