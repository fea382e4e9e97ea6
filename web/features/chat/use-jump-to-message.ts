import { useEffect, type RefObject } from 'react'
import { BOOKMARK_TEXTS } from '../../../shared/bookmark-texts'
import { notify } from '../../lib/notify'
import { jumpTargetFor, setJumpTarget } from './jump-target'

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
  ref: RefObject<HTMLElement | null>,
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
    const row = ref.current?.querySelector<HTMLElement>(`[data-seq="${target.seq}"]`)
    if (!row) {
      notify({ type: 'warning', title: 'Bookmarks', body: BOOKMARK_TEXTS.deletedMessage })
      return
    }
    // After the list's own scroll-to-bottom of a first render.
    requestAnimationFrame(() => {
      row.scrollIntoView({ block: 'center' })
      row.classList.add('jump-target')
      row.setAttribute('tabindex', '-1')
      row.focus({ preventScroll: true })
    })
  }, [roomId, ref, oldestSeq, hasNextPage, isFetching, fetchNextPage])
}
