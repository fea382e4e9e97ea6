import { useEffect } from 'react'
import { BOOKMARKED_MESSAGE_DELETED } from '../../../shared/texts'
import { notify } from '../../lib/notify'
import { jumpTargetFor, setJumpTarget } from './jump-target'
import { showRow } from './row-reveal'
import type { Message } from './message-model'

type Paging = {
  oldestSeq: number | null
  hasNextPage: boolean
  isFetching: boolean
  fetchNextPage: () => unknown
}

/**
 * Brings the jump target's row into view, loading older pages until its seq is loaded; a
 * message missing once its seq is loaded (or the history ends) was deleted, and says so.
 */
export function useJumpToMessage(
  roomId: string,
  /** Renders a loaded row (it may be outside the list's window) and returns it. */
  reveal: (messageId: string) => HTMLElement | null,
  messages: readonly Message[],
  { oldestSeq, hasNextPage, isFetching, fetchNextPage }: Paging,
) {
  useEffect(() => {
    const target = jumpTargetFor(roomId)
    if (!target || oldestSeq === null || isFetching) return
    if (oldestSeq > target.seq && hasNextPage) {
      void fetchNextPage()
      return
    }
    setJumpTarget(null)
    const id = messages.find((m) => m.seq === target.seq)?.$id
    if (!id) {
      notify({ type: 'warning', title: 'Bookmarks', body: BOOKMARKED_MESSAGE_DELETED })
      return
    }
    // After the list's own scroll-to-bottom of a first render.
    requestAnimationFrame(() => {
      const row = reveal(id)
      if (!row) return
      row.classList.add('jump-target')
      showRow(row)
      // Marked while it holds the focus the jump gave it: the reader's next move ends it.
      const leave = (e: FocusEvent) => {
        if (e.relatedTarget instanceof Node && row.contains(e.relatedTarget)) return
        row.classList.remove('jump-target')
        row.removeEventListener('focusout', leave)
      }
      row.addEventListener('focusout', leave)
    })
  }, [roomId, reveal, messages, oldestSeq, hasNextPage, isFetching, fetchNextPage])
}
