import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { KeyboardEvent } from 'react'
import { lastEditable, startEdit } from './message-intent'
import { flattenPages, type MessagePage } from './message-model'
import { messagesKey } from './messages-query'
import { outbox } from './outbox'
import { revealRow } from './row-reveal'

/**
 * ArrowUp in the empty composer edits the sender's last message; true when it did. Not while a
 * message of theirs in the room is still unsent: that one is the last, and it has no row yet.
 */
export function useEditLast(roomId: string, meId: string) {
  const queryClient = useQueryClient()
  return (e: KeyboardEvent<HTMLTextAreaElement>, empty: boolean) => {
    if (e.key !== 'ArrowUp' || !empty || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey)
      return false
    // One still on its way is the last one sent: an older one must not be edited for it.
    if (outbox.items.some((i) => i.roomId === roomId && i.state !== 'sent')) return false
    const data = queryClient.getQueryData<InfiniteData<MessagePage>>(messagesKey(roomId))
    const last = lastEditable(flattenPages(data?.pages ?? []), meId, Date.now())
    if (!last) return false
    e.preventDefault()
    // Drawn first when the list's window had left it out; the editor then scrolls to it.
    revealRow(roomId, last.$id)
    startEdit(last.$id, e.currentTarget)
    return true
  }
}
