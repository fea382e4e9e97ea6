import { useQueryClient } from '@tanstack/react-query'
import { useState, type KeyboardEvent } from 'react'
import { isOneEmoji } from '../../../shared/emoji'
import { QUICK_EMOJI, toggleReaction } from './message-ops'

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 }

/** Left and right (and Home, End) move between the emoji, as in a toolbar; Tab leaves them. */
function moveAmong(e: KeyboardEvent<HTMLElement>) {
  const all = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-emoji]')]
  const i = all.indexOf(e.target as HTMLElement)
  const step = STEPS[e.key]
  if (i < 0 || (!step && e.key !== 'Home' && e.key !== 'End')) return
  e.preventDefault()
  const to = e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : i + step!
  all[(to + all.length) % all.length]!.focus()
}

/**
 * A handful of emoji plus any other through a plain text field: the system's own emoji
 * keyboard or picker fills it (no picker library in the bundle). It takes one emoji, as the
 * server's check does (shared/emoji.ts); anything else keeps the picker open and says so.
 */
export default function ReactionPicker({
  at,
  onDone,
}: {
  at: { roomId: string; messageId: string; meId: string }
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const [other, setOther] = useState('')
  const typed = other.trim()
  const oneEmoji = isOneEmoji(typed)
  const react = (emoji: string) => {
    onDone()
    void toggleReaction(queryClient, at, emoji)
  }
  return (
    <div
      role="group"
      aria-label="Pick a reaction"
      className="reaction-picker"
      onKeyDown={moveAmong}
    >
      {QUICK_EMOJI.map((emoji) => (
        <button
          key={emoji}
          data-emoji
          type="button"
          aria-label={`React with ${emoji}`}
          onClick={() => react(emoji)}
        >
          {emoji}
        </button>
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (oneEmoji) react(typed)
        }}
      >
        <input
          aria-label="Any emoji"
          placeholder="Any emoji"
          value={other}
          maxLength={32}
          aria-invalid={(typed && !oneEmoji) || undefined}
          aria-describedby={typed && !oneEmoji ? 'reaction-hint' : undefined}
          onChange={(e) => setOther(e.target.value)}
        />
        <button type="submit" disabled={!oneEmoji}>
          React
        </button>
      </form>
      {typed && !oneEmoji && (
        <p id="reaction-hint" className="reaction-hint">
          Type one emoji
        </p>
      )}
    </div>
  )
}
