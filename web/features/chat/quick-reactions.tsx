import { useQuery, useQueryClient } from '@tanstack/react-query'
import { QUICK_EMOJI, toggleReaction } from './message-ops'
import { reactionsQuery } from './reactions-query'
import { useRoom } from './room-context'

/**
 * The message menu's first row, as a messenger's long press offers it: each emoji one tap away
 * (the full picker stays behind "React"). Those the user gave already are checked, and a tap
 * takes one back. Left and right move along the row; up and down go on to the menu's items
 * (message-menu-panel.tsx).
 */
export function QuickReactions({ messageId, done }: { messageId: string; done: () => void }) {
  const room = useRoom()
  const queryClient = useQueryClient()
  const { data: given = [] } = useQuery({
    ...reactionsQuery(room.roomId),
    select: (list) =>
      list.filter((r) => r.messageId === messageId && r.userId === room.meId).map((r) => r.emoji),
  })
  return (
    <div role="group" aria-label="Quick reactions" className="quick-reactions">
      {QUICK_EMOJI.map((emoji) => (
        <button
          key={emoji}
          type="button"
          role="menuitemcheckbox"
          aria-checked={given.includes(emoji)}
          aria-label={`React with ${emoji}`}
          onClick={() => {
            done()
            void toggleReaction(queryClient, { ...room, messageId }, emoji)
          }}
        >
          {emoji}
        </button>
      ))}
    </div>
  )
}
