import { isTouchScreen } from '../../lib/enter-sends'

/**
 * "N new ↓" over a reader scrolled up while messages arrived: it goes to the newest. It goes
 * away then, so its focus goes on to the composer, where an answer is written (not on a touch
 * screen, whose keyboard would cover the messages just shown).
 */
export function NewPill({ count, show }: { count: number; show: () => void }) {
  if (count <= 0) return null
  return (
    <button
      type="button"
      className="new-pill"
      onClick={(e) => {
        // Found first: showing the newest may take the pill out of the page at once.
        const composer = e.currentTarget.closest('.chat')?.querySelector('textarea')
        show()
        if (!isTouchScreen()) composer?.focus()
      }}
    >
      {count} new ↓
    </button>
  )
}
