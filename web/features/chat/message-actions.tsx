import type { DisplayItem } from './display-item'
import { MessageMenu } from './message-menu'
import { ReactionBar } from './reaction-bar'

// Pending rows, system notices and tombstones have neither reactions nor a menu.
const actionable = (item: DisplayItem) =>
  item.seq !== null && item.kind !== 'system' && !item.deletedAt

/** In a stored bubble, its "⋯" (drawn beside the bubble: message-actions.css). */
export const BubbleMenu = ({ item, mine }: { item: DisplayItem; mine: boolean }) =>
  actionable(item) ? <MessageMenu item={item} mine={mine} /> : null

/** Under a stored bubble: its reactions. */
export const MessageReactions = ({ item }: { item: DisplayItem }) =>
  actionable(item) ? <ReactionBar messageId={item.key} /> : null

/** A deleted message keeps its place and time, and says only that. */
export const Tombstone = ({ item }: { item: DisplayItem }) =>
  item.deletedAt ? <p className="msg-text msg-deleted">This message was deleted</p> : null
