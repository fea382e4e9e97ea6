import { useQuery, useQueryClient } from '@tanstack/react-query'
import { loadMessageOps } from './message-parts'
import { reactionsQuery } from './reactions-query'
import { useRoom } from './room-context'
import { groupReactions } from '../../../shared/reactions'

/** Under a bubble: each emoji with its count and who reacted; a click toggles the own one. */
export function ReactionBar({ messageId }: { messageId: string }) {
  const room = useRoom()
  const queryClient = useQueryClient()
  const { data = [] } = useQuery({
    ...reactionsQuery(room.roomId),
    select: (list) => list.filter((r) => r.messageId === messageId),
  })
  if (!data.length) return null
  return (
    <div className="reactions" role="group" aria-label="Reactions">
      {groupReactions(data).map(([emoji, users]) => {
        const who = users.map((u) => room.nameOf(u)).join(', ')
        return (
          <button
            key={emoji}
            type="button"
            className="reaction"
            aria-pressed={users.includes(room.meId)}
            aria-label={`${emoji} ${users.length}: ${who}`}
            title={who}
            // The message actions are a chunk of their own (message-parts.ts preloads it).
            onClick={() =>
              void loadMessageOps().then((ops) =>
                ops.toggleReaction(queryClient, { ...room, messageId }, emoji),
              )
            }
          >
            {emoji}
            <span className="reaction-count">{users.length}</span>
          </button>
        )
      })}
    </div>
  )
}
