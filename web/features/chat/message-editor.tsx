import { Suspense } from 'react'
import { useSnapshot } from 'valtio'
import type { DisplayItem } from './display-item'
import { messageIntent } from './message-intent'
import { MessageParts } from './message-parts'

/** In place of the text while the sender edits it (the form is a chunk of its own). */
export function MessageEditor({ item }: { item: DisplayItem }) {
  const { editingId } = useSnapshot(messageIntent)
  // A message deleted meanwhile (here, or by another device of the sender's) is edited no more.
  if (editingId !== item.key || item.seq === null || item.deletedAt) return null
  return (
    <Suspense fallback={null}>
      <MessageParts.Editor item={item} />
    </Suspense>
  )
}
