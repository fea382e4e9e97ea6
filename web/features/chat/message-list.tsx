import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { uiState } from '../../state/ui-state'
import { firstLoadOf } from '../../lib/first-load'
import { NewPill } from './new-pill'
import { fromMessage, fromPending, type DisplayItem } from './display-item'
import { flattenPages, unconfirmed, unreadAfter } from './message-model'
import { LogRows } from './log-rows'
import { OlderPageStatus } from './older-page-status'
import { messagesQuery } from './messages-query'
import { isResent, outbox, removePending } from './outbox'
import { readState } from './read-state'
import { receiptsQuery } from './receipts-query'
import { receiptMarks } from '../../../shared/receipts'
import { SearchTermCtx } from './room-context'
import { buildTimeline } from '../../../shared/timeline'
import { historyStart, OFFLINE_ROOM } from '../../../shared/texts'
import { useChatScroll } from './use-chat-scroll'
import { useJumpToMessage } from './use-jump-to-message'
import { useMessageSearch } from './use-message-search'
import { useReadAtBottom } from './use-read-at-bottom'
import { useReadReceipts } from './use-read-receipts'
import { useRowReveal } from './row-reveal'
import { readSoFar, useOpenAtUnread, useUnreadLine } from './use-unread-line'
import { useReaderTookOver } from './use-reader-took-over'
import { useVirtualRows } from './use-virtual-rows'
import { MessageParts } from './message-parts'

// Space above a closed long message whose top was above the view.
const CLOSED_MARGIN_PX = 8

type Props = {
  roomId: string
  roomName: string
  meId: string
  onRetry: (clientId: string) => void
  /** A deleted room (the admin's view): read, not answered, so no "Say hello!". */
  closed?: boolean
}

export function MessageList({ roomId, roomName, meId, onRetry, closed }: Props) {
  const query = useInfiniteQuery(messagesQuery(roomId))
  const { items: pendingAll } = useSnapshot(outbox)
  const { search: typed } = useSnapshot(uiState)
  const { lastRead } = useSnapshot(readState)
  const ref = useRef<HTMLDivElement>(null)

  const messages = useMemo(() => flattenPages(query.data?.pages ?? []), [query.data])
  const pending = unconfirmed(
    pendingAll.filter((p) => p.roomId === roomId),
    messages,
  )
  const items: DisplayItem[] = [...messages.map(fromMessage), ...pending.map(fromPending)]
  const search = useMessageSearch(roomId, typed, items)
  const { shown } = search
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage } = query
  const newest = shown.at(-1)
  const ownTail = items.findLast((i) => i.senderId === meId && i.kind === 'user')
  const newestSeq = messages.at(-1)?.seq ?? 0
  const receipts = useQuery({ ...receiptsQuery(meId), enabled: !!meId })
  const drawn = firstLoadOf(roomId, 'receipts')
  // Until the SPA's own read lands, the page's: "Seen" stays where the Worker drew it.
  const marks = receiptMarks(messages, meId, receipts.data ?? drawn, roomId)
  // What the pill counts: the partner's messages after the newest seen here or elsewhere, all
  // below the view (use-read-receipts.ts), whether they came while scrolled up or before.
  const readTo =
    readSoFar(roomId, lastRead[roomId], receipts.data?.own[roomId], drawn?.own[roomId]) ?? -1
  const unreadBelow = unreadAfter(messages, readTo, meId)

  // Optimistic copies whose rows arrived with a fetch leave the outbox.
  useEffect(() => {
    const confirmed = new Set(messages.map((m) => m.clientId).filter((c): c is string => !!c))
    removePending(confirmed)
  }, [messages])

  // While searching, older matches come from the search, not from the room's history.
  const searching = !!search.term
  // Never beside another read of the room: a refetch (as on a subscription's confirmation)
  // cancels an older page under way, and an older page a refetch. The hook asks again after.
  // After an older page failed (its retries spent), the reader asks again ("Try again").
  const olderFailed = query.isFetchNextPageError
  const onNearTop = useCallback(() => {
    if (!searching && hasNextPage && !isFetching && !olderFailed) void fetchNextPage()
  }, [searching, hasNextPage, isFetching, olderFailed, fetchNextPage])

  const scroll = useChatScroll({
    ref,
    oldestKey: shown[0]?.key,
    newestKey: newest?.key,
    count: shown.length,
    newestIsMine: newest?.senderId === meId && newest.kind === 'user' && !isResent(newest.clientId),
    ownTail: ownTail && `${ownTail.key}:${ownTail.state}`,
    onNearTop,
  })
  const { line, older } = useUnreadLine({
    roomId,
    meId,
    messages,
    items,
    ready: query.isSuccess,
    complete: !hasNextPage,
    // A search's results are not the room: what arrives meanwhile is not seen.
    atBottom: scroll.atBottom && !searching,
  })
  const timeline = buildTimeline(
    shown,
    (i) => ({ key: i.key, at: i.at, author: `${i.kind}:${i.senderId}` }),
    search.term ? null : line,
  )

  // A new search, its first answer, and leaving it all show the newest rows at the bottom; a room
  // come back to opens where it was left.
  const { scrollToBottom, isAtBottom, leaveBottom } = scroll
  const answered = search.status === 'done' || search.status === 'failed'
  const opening = useRef(true)
  useLayoutEffect(() => {
    // Placed by the list's window (below), not at its bottom or unread line.
    if (opening.current && rows.returned) leaveBottom()
    else scrollToBottom()
    opening.current = false
  }, [search.term, answered, scrollToBottom, leaveBottom])

  // After the scroll hook and the search's effect: they move to the bottom first, and the
  // window follows them.
  const rows = useVirtualRows(ref, timeline, roomId, !searching)
  const rowsKey = `${shown.length}:${messages.length}:${rows.start}:${rows.end}`
  // Nothing is read while the pages down to the first unread message come (below), unless the
  // reader (or a bookmark's jump) took the room over meanwhile: then it stays where they are.
  const tookOver = useReaderTookOver(ref, roomId, older)
  const reaching = older && hasNextPage && !olderFailed && !tookOver
  useReadReceipts(ref, roomId, meId, rowsKey, query.isSuccess && !reaching)
  useRowReveal(roomId, rows.reveal)
  // More than a page unread: the pages down to the first unread message come before the room
  // opens at it.
  useEffect(() => {
    if (reaching && !isFetching) void fetchNextPage()
  }, [reaching, isFetching, fetchNextPage])
  // Back to where it was left: not to its unread line.
  const ready = query.isSuccess && !reaching && !tookOver && !rows.returned
  useOpenAtUnread(ref, { roomId, ready, line, reveal: rows.reveal })

  // "Open in chat" from a bookmark: older pages until the message is loaded.
  useJumpToMessage(roomId, rows.reveal, messages, {
    oldestSeq: messages[0]?.seq ?? (query.isSuccess ? 0 : null),
    hasNextPage,
    isFetching,
    fetchNextPage,
  })

  useReadAtBottom({
    roomId,
    atBottom: scroll.atBottom && !reaching,
    isAtBottom,
    searching,
    newestSeq,
  })

  // Offline, and not among the rooms this device keeps (offline-history.ts): it comes back online.
  if (query.isPending && query.fetchStatus === 'paused')
    return (
      <div className="message-scroll center" role="status">
        <p>{OFFLINE_ROOM}</p>
      </div>
    )
  if (query.isPending)
    return (
      <div className="message-scroll center">
        <div className="spinner" role="status" aria-label="Loading messages" />
      </div>
    )
  // An error with rows already in (a refetch, an older page) keeps them on screen.
  if (query.isError && !query.data)
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
      <div
        className="message-scroll"
        ref={ref}
        onScroll={() => (scroll.onScroll(), rows.onScroll())}
        // Before the button's own click opens it: its first line stays where the reader is.
        onClickCapture={(e) => {
          const more = (e.target as Element).closest('.read-more')
          const entry = more?.closest<HTMLElement>('[data-vkey]')
          if (!more || !entry) return
          scroll.leaveBottom()
          // Closing from within a long text brings its top back into view.
          rows.hold(
            entry,
            more.getAttribute('aria-expanded') === 'true' ? CLOSED_MARGIN_PX : undefined,
          )
          // Where that left the view (at the bottom still, in a short room), once it is drawn.
          requestAnimationFrame(() => (scroll.onScroll(), rows.onScroll()))
        }}
      >
        {!hasNextPage && items.length > 0 && !searching && (
          <p className="history-start">{historyStart(roomName)}</p>
        )}
        <div
          role="log"
          aria-label={`Messages in ${roomName}`}
          className="message-log"
          tabIndex={-1}
        >
          {items.length === 0 && (
            <p className="empty-chat">{closed ? 'No messages.' : 'No messages yet. Say hello!'}</p>
          )}
          {searching && (
            <Suspense fallback={null}>
              <MessageParts.SearchNote search={search} loaded={items.length} />
            </Suspense>
          )}
          <SearchTermCtx.Provider value={search.term}>
            <LogRows
              timeline={timeline}
              window={rows}
              before={rows.before}
              after={rows.after}
              meId={meId}
              marks={marks}
              onRetry={onRetry}
            />
          </SearchTermCtx.Provider>
        </div>
      </div>
      <OlderPageStatus
        loading={isFetchingNextPage}
        failed={olderFailed}
        retry={() => void fetchNextPage()}
      />
      <NewPill
        count={scroll.atBottom || searching ? 0 : unreadBelow.length}
        far={scroll.far}
        show={() => {
          // A search's "↓" goes to the newest, never to a result that is also unread.
          const first = searching ? undefined : unreadBelow[0]
          scroll.showNew(first ? rows.reveal(first.$id) : null)
          rows.onScroll()
        }}
      />
    </div>
  )
}
