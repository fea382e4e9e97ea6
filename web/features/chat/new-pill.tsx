import { isTouchScreen } from '../../lib/enter-sends'
import { focusComposer } from './message-intent'

type Props = { count: number; far: boolean; show: () => void }

/**
 * "N new ↓" over a reader scrolled up while messages arrived, or "↓" over one more than a screen
 * above the newest (after a jump, or reading far back): it goes to the newest, or to the first
 * of the new ones when they take more than a screen (use-chat-scroll.ts). It goes away then, so
 * its focus goes on to the composer, where an answer is written (not on a touch screen, whose
 * keyboard would cover the messages just shown).
 */
export function NewPill({ count, far, show }: Props) {
  if (count <= 0 && !far) return null
  return (
    <button
      type="button"
      className={`new-pill${count > 0 ? '' : ' to-newest'}`}
      aria-label={count > 0 ? undefined : 'Go to the newest message'}
      onClick={() => {
        show()
        if (!isTouchScreen()) focusComposer()
      }}
    >
      {count > 0 ? `${count} new ↓` : '↓'}
    </button>
  )
}
