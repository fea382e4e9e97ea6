import type { ReactNode } from 'react'

/**
 * One setting that is on or off: a checkbox and its label, with the note that explains it.
 * While it cannot change (loading, saving) it says so with aria-disabled and ignores clicks,
 * rather than being disabled: a disabled control drops the keyboard's focus to the page.
 */
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
        aria-disabled={disabled || undefined}
        aria-describedby={noteId}
        onChange={(e) => !disabled && onChange(e.target.checked)}
      />
      {label}
    </label>
  )
}
