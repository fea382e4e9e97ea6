import type { ReactNode } from 'react'

/** One setting that is on or off: a checkbox and its label, with the note that explains it. */
export function ToggleRow({
  label,
  checked,
  disabled,
  onChange,
  name,
  noteId,
  className = 'toggle-row',
}: {
  label: ReactNode
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
  name?: string
  noteId?: string
  className?: string
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-describedby={noteId}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  )
}
