import { useEffect } from 'react'
import { jumpTargetFor, loadJumpStep, setJumpTarget } from './jump-target'
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
    void loadJumpStep().then(
      (step) => step.jumpTo(target, messages, reveal),
      () => undefined,
    )
  }, [roomId, reveal, messages, oldestSeq, hasNextPage, isFetching, fetchNextPage])
}
