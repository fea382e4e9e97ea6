import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { uiState } from '../../state/ui-state'
import { activeChat } from './active-chat'
import { fromMessage, fromPending, matchesSearch, type DisplayItem } from './display-item'
import { flattenPages, unconfirmed } from './message-model'
import { MessageRow } from './message-row'
import { messagesQuery } from './messages-query'
import { outbox, removePending } from './outbox'
import { markRead } from './read-state'
import { buildTimeline } from './timeline'
import { unreadKey } from './unread-query'
import { useChatScroll } from './use-chat-scroll'

type Props = { roomId: string; roomName: string; meId: string; onRetry: (clientId: string) => void }

export function MessageList({ roomId, roomName, meId, onRetry }: Props) {
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(messagesQuery(roomId))
  const { items: pendingAll } = useSnapshot(outbox)
  const { search } = useSnapshot(uiState)
  const ref = useRef<HTMLDivElement>(null)

  const messages = useMemo(() => flattenPages(query.data?.pages ?? []), [query.data])
  const pending = unconfirmed(
    pendingAll.filter((p) => p.roomId === roomId),
    messages,
  )
  const items: DisplayItem[] = [...messages.map(fromMessage), ...pending.map(fromPending)]
  const shown = items.filter((i) => matchesSearch(i, search))
  const timeline = buildTimeline(shown, (i) => ({
    key: i.key,
    at: i.at,
    author: `${i.kind}:${i.senderId}`,
  }))
  const newest = items.at(-1)
  const newestSeq = messages.at(-1)?.seq ?? 0

  // Optimistic copies whose rows arrived with a fetch leave the outbox.
  useEffect(() => {
    const confirmed = new Set(messages.map((m) => m.clientId).filter((c): c is string => !!c))
    removePending(confirmed)
  }, [messages])

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const onNearTop = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const scroll = useChatScroll({
    ref,
    oldestKey: items[0]?.key,
    newestKey: newest?.key,
    count: items.length,
    newestIsMine: newest?.senderId === meId && newest.kind === 'user',
    onNearTop,
  })

  // Leaving a search shows the newest messages again, not wherever the filtered list ended.
  const { scrollToBottom } = scroll
  useLayoutEffect(() => {
    if (!search) scrollToBottom()
  }, [search, scrollToBottom])

  // Reading happens at the bottom of a visible page: that moves the read mark and clears the badge.
  useEffect(() => {
    activeChat.roomId = roomId
    activeChat.atBottom = scroll.atBottom
    const read = () => {
      if (!scroll.atBottom || document.hidden || !newestSeq) return
      markRead(roomId, newestSeq)
      queryClient.setQueryData(unreadKey(roomId), 0)
    }
    read()
    document.addEventListener('visibilitychange', read)
    return () => {
      document.removeEventListener('visibilitychange', read)
      if (activeChat.roomId === roomId) activeChat.roomId = null
    }
  }, [roomId, scroll.atBottom, newestSeq, queryClient])

  if (query.isPending)
    return (
      <div className="message-scroll center">
        <div className="spinner" role="status" aria-label="Loading messages" />
      </div>
    )
  if (query.isError)
    return (
      <div className="message-scroll center" role="alert">
        <p>Messages could not be loaded.</p>
        <button type="button" className="secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    )

  return (
    <div className="message-area">
      <div className="message-scroll" ref={ref} onScroll={scroll.onScroll}>
        {isFetchingNextPage && (
          <div className="loading-older" role="status">
            Loading older messages…
          </div>
        )}
        {!hasNextPage && items.length > 0 && !search && (
          <p className="history-start">This is the beginning of {roomName}.</p>
        )}
        <div role="log" aria-label={`Messages in ${roomName}`} className="message-log">
          {items.length === 0 && <p className="empty-chat">No messages yet. Say hello!</p>}
          {search && (
            <p className="search-note">
              {shown.length} message{shown.length === 1 ? '' : 's'} matching “{search}”
            </p>
          )}
          {timeline.map((entry) =>
            entry.type === 'message' ? (
              <MessageRow
                key={entry.key}
                item={entry.message}
                time={entry.time}
                continued={entry.continued}
                mine={entry.message.senderId === meId}
                onRetry={onRetry}
              />
            ) : (
              <div key={entry.key} className={entry.type === 'day' ? 'day-divider' : 'gap-divider'}>
                <span>{entry.label}</span>
              </div>
            ),
          )}
        </div>
      </div>
      {scroll.newCount > 0 && (
        <button type="button" className="new-pill" onClick={scroll.scrollToBottom}>
          {scroll.newCount} new ↓
        </button>
      )}
    </div>
  )
}
