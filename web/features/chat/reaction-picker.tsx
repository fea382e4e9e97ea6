import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toggleReaction } from './message-ops'

const DEFAULTS = ['👍', '❤️', '😂', '😮', '😢', '🙏']

/**
 * A handful of emoji plus any other through a plain text field: the system's own emoji
 * keyboard or picker fills it (no picker library in the bundle). The server checks it is one.
 */
export function ReactionPicker({
  at,
  onDone,
}: {
  at: { roomId: string; messageId: string; meId: string }
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const [other, setOther] = useState('')
  const react = (emoji: string) => {
    onDone()
    void toggleReaction(queryClient, at, emoji)
  }
  return (
    <div role="group" aria-label="Pick a reaction" className="reaction-picker">
      {DEFAULTS.map((emoji) => (
        <button
          key={emoji}
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
          if (other.trim()) react(other.trim())
        }}
      >
        <input
          aria-label="Any emoji"
          placeholder="Any emoji"
          value={other}
          maxLength={32}
          onChange={(e) => setOther(e.target.value)}
        />
        <button type="submit" disabled={!other.trim()}>
          React
        </button>
      </form>
    </div>
  )
}
