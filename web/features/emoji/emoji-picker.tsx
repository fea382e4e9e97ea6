import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { EMOJI_GROUPS } from './emoji-set'
import { nameOf, searchEmoji } from './emoji-search'
import { readRecent, rememberEmoji } from './emoji-recent'
import { moveInGrid, rove } from './grid-keys'
import './emoji-picker.css'

const ALL = EMOJI_GROUPS.flatMap((g) => g.emoji)
// Names and search words: a chunk of their own, asked for as the panel opens.
const loadNames = () => import('./emoji-names.gen').then((m) => m.EMOJI_NAMES)

/**
 * The composer's emoji panel: a search by name and keyword, recently used ones, then the groups,
 * each reached from the tabs along its top. A click puts the emoji at the cursor and leaves the
 * panel open for the next; the box keeps its focus (a press on the panel never takes it, but for
 * the search box). From the keyboard: arrow keys through the grid by rows (one Tab stop for all of
 * it), Enter puts one in, Escape closes; in the search box ↓ goes to the results, Enter puts the
 * first in, and Escape empties it first; ↑ from the grid's top row, or a letter typed on it, goes
 * to the search box.
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
  const search = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  // Undefined while they come, null if they could not.
  const [names, setNames] = useState<Record<string, string> | null>()
  useEffect(() => void loadNames().then(setNames, () => setNames(null)), [])
  const found = query.trim() && names && searchEmoji(names, ALL, query)
  const groups = query.trim()
    ? [{ name: 'Search results', icon: '', emoji: found || [] }]
    : [
        ...(recent.length ? [{ name: 'Recently used', icon: '🕘', emoji: recent }] : []),
        ...EMOJI_GROUPS,
      ]
  const pick = (emoji: string) => onPick(emoji) && rememberEmoji(meId, emoji)

  useEffect(() => {
    if (focusFirst) panel.current?.querySelector<HTMLElement>('[data-cell]')?.focus()
    // A press anywhere else closes it (the button's own press toggles it there).
    const away = (e: PointerEvent) => {
      const t = e.target as Element
      if (!panel.current?.contains(t) && !t.closest?.('.emoji-button')) onClose()
    }
    // Escape closes it from the box too, before the composer's own Escape (a reply's cancel);
    // an Escape anywhere else is not the panel's.
    const escape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || !document.activeElement?.closest('.composer')) return
      e.stopPropagation()
      if (document.activeElement === search.current && search.current.value) setQuery('')
      else onClose()
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

  // In the composer's form: Enter puts the first result in, never sends.
  const searchKeys = (e: KeyboardEvent<HTMLInputElement>) => {
    const first = panel.current?.querySelector<HTMLElement>('[data-cell]')
    if (e.key === 'Enter') {
      e.preventDefault()
      if (found && found[0]) pick(found[0])
    } else if (e.key === 'ArrowDown' && first) {
      e.preventDefault()
      rove(panel.current!.querySelector('[data-cell][tabindex="0"]'), first)
    }
  }

  return (
    <div
      ref={panel}
      className="emoji-picker composer-popup"
      role="dialog"
      aria-label="Emoji"
      onMouseDown={(e) => e.target !== search.current && e.preventDefault()}
      onKeyDown={(e) => {
        // ↑ from the top row, or a letter typed on the grid, goes to the search (as Slack's).
        const letter = e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey
        const cell = (e.target as HTMLElement).matches('[data-cell]')
        if (cell && letter) search.current?.focus()
        else if (moveInGrid(e) === false && e.key === 'ArrowUp') search.current?.focus()
      }}
    >
      <input
        ref={search}
        type="search"
        className="emoji-search"
        placeholder="Search emoji"
        aria-label="Search emoji"
        enterKeyHint="done"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={searchKeys}
      />
      <div className="emoji-tabs" role="group" aria-label="Emoji groups" hidden={!!query.trim()}>
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
            {g.emoji.length === 0 && (
              <p className="emoji-none" role="status">
                {names === null
                  ? 'Search could not load. Check the connection.'
                  : names && `No emoji match “${query.trim()}”.`}
              </p>
            )}
            <div className="emoji-grid">
              {g.emoji.map((emoji, i) => (
                <button
                  key={emoji}
                  type="button"
                  data-cell
                  tabIndex={n === 0 && i === 0 ? 0 : -1}
                  title={nameOf(names ?? undefined, emoji)}
                  onClick={() => pick(emoji)}
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
