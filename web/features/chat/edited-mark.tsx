import type { DisplayItem } from './display-item'

/** "(edited)" beside the time; the edit's own time on hover. */
export function EditedMark({ item }: { item: DisplayItem }) {
  if (!item.editedAt || item.deletedAt) return null
  const at = new Date(item.editedAt)
  return (
    <span className="msg-edited" title={`Edited ${at.toLocaleString()}`}>
      {' '}
      (edited)
    </span>
  )
}
