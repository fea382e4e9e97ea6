import { useEffect, useRef, useState } from 'react'
import { EMOJI_GROUPS } from './emoji-set'
import { readRecent, rememberEmoji } from './emoji-recent'
import { moveInGrid, rove } from './grid-keys'
import './emoji-picker.css'

/**
 * The composer's emoji panel: recently used ones first, then the groups, each reached from the
 * tabs along its top. A click puts the emoji at the cursor and leaves the panel open for the next;
 * the box keeps its focus (a press on the panel never takes it). From the keyboard: arrow keys
 * through the grid by rows (one Tab stop for all of it), Enter puts one in, Escape closes.
 */
export default function EmojiPicker({
  meId,
  focusFirst,
  onPick,
  onClose,
}: {
  meId: string
  focusFirst: boolean
  /** False when it did not go in (the box at its length limit): not a recent pick then. */
  onPick: (emoji: string) => boolean
  onClose: () => void
}) {
  // Read at opening: the list does not move under the pointer while picking.
  const [recent] = useState(() => readRecent(meId))
  const panel = useRef<HTMLDivElement>(null)
  const groups = [
    ...(recent.length ? [{ name: 'Recently used', icon: '🕘', emoji: recent }] : []),
    ...EMOJI_GROUPS,
  ]

  useEffect(() => {
    if (focusFirst) panel.current?.querySelector<HTMLElement>('[data-cell]')?.focus()
    // A press anywhere else closes it (the button's own press toggles it there).
    const away = (e: PointerEvent) => {
      const t = e.target as Element
      if (!panel.current?.contains(t) && !t.closest?.('.emoji-button')) onClose()
    }
    // Escape closes it from the box too, before the composer's own Escape (a reply's cancel);
    // an Escape anywhere else is not the panel's.
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !document.activeElement?.closest('.composer')) return
      e.stopPropagation()
      onClose()
    }
    document.addEventListener('pointerdown', away)
    document.addEventListener('keydown', escape, true)
    return () => {
      document.removeEventListener('pointerdown', away)
      document.removeEventListener('keydown', escape, true)
    }
  }, [focusFirst, onClose])

  // A group's tab shows it; from the keyboard its first emoji takes the focus and the Tab stop.
  const show = (name: string, keys: boolean) => {
    const first = panel.current?.querySelector<HTMLElement>(`[data-group="${name}"] [data-cell]`)
    first?.closest('section')?.scrollIntoView({ block: 'start' })
    if (keys && first) rove(panel.current!.querySelector('[data-cell][tabindex="0"]'), first)
  }

  return (
    <div
      ref={panel}
      className="emoji-picker composer-popup"
      role="dialog"
      aria-label="Emoji"
      onMouseDown={(e) => e.preventDefault()}
      onKeyDown={moveInGrid}
    >
      <div className="emoji-tabs" role="group" aria-label="Emoji groups">
        {groups.map((g) => (
          <button
            key={g.name}
            type="button"
            title={g.name}
            aria-label={g.name}
            onClick={(e) => show(g.name, e.detail === 0)}
          >
            {g.icon}
          </button>
        ))}
      </div>
      <div className="emoji-groups">
        {groups.map((g, n) => (
          <section key={g.name} data-group={g.name} role="group" aria-label={g.name}>
            <h3 aria-hidden="true">{g.name}</h3>
            <div className="emoji-grid">
              {g.emoji.map((emoji, i) => (
                <button
                  key={emoji}
                  type="button"
                  data-cell
                  tabIndex={n === 0 && i === 0 ? 0 : -1}
                  onClick={() => onPick(emoji) && rememberEmoji(meId, emoji)}
                >
                  {emoji}
                </button>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  )
}
