import { BOOKMARK_TEXTS } from '../../../shared/bookmark-texts'
import { notify } from '../../lib/notify'
import type { JumpTarget } from './jump-target'
import type { Message } from './message-model'
import { showRow } from './row-reveal'

/**
 * The jump itself, once the target's page is loaded: a chunk of its own (only a bookmark's "Open
 * in chat" needs it), fetched as that link is followed. A message missing by then was deleted.
 */
export function jumpTo(
  target: JumpTarget,
  messages: readonly Message[],
  reveal: (messageId: string) => HTMLElement | null,
) {
  const id = messages.find((m) => m.seq === target.seq)?.$id
  if (!id) {
    notify({ type: 'warning', title: 'Bookmarks', body: BOOKMARK_TEXTS.deletedMessage })
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
}
