import { useQuery } from '@tanstack/react-query'
import { unreadLabel } from './unread-label'
import { unreadQuery } from './unread-query'

export function UnreadBadge({ roomId, meId }: { roomId: string; meId: string }) {
  const { data } = useQuery(unreadQuery(roomId, meId))
  if (!data) return null
  return (
    <span className="unread-badge" aria-label={`${data} unread`}>
      {unreadLabel(data)}
    </span>
  )
}
