import type { DisplayItem } from './display-item'
import { MessageMenu } from './message-menu'
import { ReactionBar } from './reaction-bar'

/** Under a stored bubble: its reactions and its menu. Pending rows and tombstones have neither. */
export function MessageActions({ item, mine }: { item: DisplayItem; mine: boolean }) {
  if (item.seq === null || item.kind === 'system' || item.deletedAt) return null
  return (
    <>
      <ReactionBar messageId={item.key} />
      <MessageMenu item={item} mine={mine} />
    </>
  )
}

/** A deleted message keeps its place and time, and says only that. */
export const Tombstone = ({ item }: { item: DisplayItem }) =>
  item.deletedAt ? <p className="msg-text msg-deleted">This message was deleted</p> : null
