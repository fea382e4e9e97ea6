import { fullDateTime } from '../../../shared/timeline'
import type { DisplayItem } from './display-item'

/** "(edited)" beside the time; the edit's own time on hover. */
export function EditedMark({ item }: { item: DisplayItem }) {
  if (!item.editedAt || item.deletedAt) return null
  return (
    <span className="msg-edited" title={`Edited ${fullDateTime(new Date(item.editedAt))}`}>
      {' '}
      (edited)
    </span>
  )
}
