import { createContext, useContext } from 'react'
import type { Message } from './message-model'
import { quoteExcerpt } from '../../../shared/quote'

/** What a row's reply, reaction and menu parts need from the open room. */
export type RoomContext = {
  roomId: string
  meId: string
  /** "You", the partner's name, or "Kathelia" for a system notice. */
  nameOf: (senderId: string, kind?: Message['kind']) => string
  /** Scrolls to a message (loading older pages until it is there) and highlights it. */
  jumpTo: (messageId: string) => void
}

export const RoomCtx = createContext<RoomContext | null>(null)

/**
 * The loaded messages by id, apart from RoomCtx: it changes with every message, and only quotes
 * read it. In RoomCtx it re-rendered every row's menu and reactions per live message, and each
 * row's last render kept that moment's pages reachable.
 */
export const LoadedCtx = createContext<ReadonlyMap<string, Message>>(new Map())

/**
 * The open room's search term (trimmed; empty when not searching): rows mark its matches and
 * offer "Show in chat". Apart from RoomCtx for the same reason as LoadedCtx.
 */
export const SearchTermCtx = createContext('')

export const useSearchTerm = () => useContext(SearchTermCtx)

/** A message among the loaded pages, if it is there. */
export const useLoadedMessage = (messageId: string) => useContext(LoadedCtx).get(messageId)

export function useRoom(): RoomContext {
  const room = useContext(RoomCtx)
  if (!room) throw new Error('useRoom outside a message list')
  return room
}

export { senderName } from '../../../shared/quote'

/** A quote's excerpt: the first line of the text, else the attachment's label, else "GIF". */
export const excerpt = (
  m: (Pick<Message, 'message' | 'attachment' | 'deletedAt'> & { gif?: unknown }) | null,
) => quoteExcerpt(!m || m.deletedAt ? null : m.message, m?.attachment ?? null, !!m?.gif)
