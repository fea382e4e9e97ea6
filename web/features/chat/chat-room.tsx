import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { HOME_ROOM_ID } from '../../../shared/constants'
import { dropFirstPaint } from '../../lib/first-load'
import { whenSettled } from '../../lib/when-settled'
import { globalState } from '../../state/global-state'
import { shownRoom } from '../rooms/room-model'
import { roomsQuery } from '../rooms/rooms-query'
import { Composer } from './composer'
import { flattenPages } from './message-model'
import { MessageList } from './message-list'
import { loadLogKeys, MessageParts, preloadMessageParts } from './message-parts'
import { roomBookmarksQuery } from '../bookmarks/room-bookmarks'
import { messagesQuery } from './messages-query'
import { RoomProvider } from './room-provider'
import { TypingIndicator } from './typing-indicator'
import { useSendMessage } from './use-send-message'
import './chat.css'
import './message.css'
import './composer.css'
import './attachment.css'
import './message-actions.css'
import './link.css'
import { TEXTS } from '../../../shared/texts'

/** A room's chat (the home room on "/"); loaded as its own chunk once signed in. */
export default function ChatRoom({ roomId }: { roomId: string }) {
  const { account, flags, chatee } = useSnapshot(globalState)
  const rooms = useQuery(roomsQuery(flags.isAdmin))
  const messages = useInfiniteQuery(messagesQuery(roomId))
  const meId = account?.$id ?? ''
  const { send, sendGif, retry } = useSendMessage(roomId, meId)
  // Once the room has settled, what a first act on a message wants: its parts' chunks, the log's
  // keys, and which messages are saved (a menu then opens knowing it, however it is opened); and
  // the keeper of what is read, for opening the app offline (it follows who is signed in).
  const queryClient = useQueryClient()
  // The room's pins, and long press and right click on a message (row-press.ts), come then too:
  // none of the room's first load waits for them.
  const [settled, setSettled] = useState(false)
  useEffect(
    () =>
      whenSettled(() => {
        // Shown once its chunk has come: a chunk that could not stands in for nothing.
        void MessageParts.PinnedBar.preload().then(() => setSettled(true), noop)
        void import('./row-press').then((m) => m.startRowPress(), noop)
        preloadMessageParts()
        void import('../offline/offline-history').catch(() => undefined)
        // Offline before its chunk came: the next room to settle asks again.
        void loadLogKeys().then(
          (m) => m.startLogKeys(),
          () => undefined,
        )
        void queryClient.prefetchQuery(roomBookmarksQuery(roomId))
      }),
    [queryClient, roomId],
  )
  // After the list's own layout effects (children first): its rows are laid out and scrolled to
  // the newest, so the next frame shows this room where the Worker's drawing of it was.
  useLayoutEffect(dropFirstPaint, [])

  // A room deleted while open closes for everyone but the admin view, as the sidebar does.
  const room = shownRoom(rooms.data, roomId, flags.isAdmin)
  const name = room?.name ?? (roomId === HOME_ROOM_ID ? 'Home' : 'Room')
  if (rooms.isSuccess && !room && roomId !== HOME_ROOM_ID)
    return (
      <section className="chat center">
        <h1>Room not found</h1>
        <p>This room does not exist or was deleted.</p>
        <Link to="/">Go to Home</Link>
      </section>
    )

  const lastFromChatee = flattenPages(messages.data?.pages ?? []).findLast(
    (m) => m.senderId === chatee?.$id,
  )
  return (
    <section className="chat" aria-labelledby="chat-title">
      <header className="chat-head">
        <span
          className="room-dot"
          style={{ background: room?.color ?? '#4f46e5' }}
          aria-hidden="true"
        />
        <h1 id="chat-title" title={name}>
          {name}
        </h1>
        {room?.isDeleted && <span className="tag">deleted</span>}
        {flags.isAdmin && room && roomId !== HOME_ROOM_ID && (
          <Suspense fallback={null}>
            <MessageParts.RoomOptionsButton room={room} />
          </Suspense>
        )}
      </header>
      <RoomProvider roomId={roomId} meId={meId}>
        {settled && (
          <Suspense fallback={null}>
            <MessageParts.PinnedBar />
          </Suspense>
        )}
        <MessageList
          roomId={roomId}
          roomName={name}
          meId={meId}
          onRetry={retry}
          closed={!!room?.isDeleted}
        />
      </RoomProvider>
      <TypingIndicator
        roomId={roomId}
        lastChateeMessageAt={
          lastFromChatee ? new Date(lastFromChatee.$createdAt).getTime() : undefined
        }
      />
      {room?.isDeleted ? (
        // Only the admin view shows a deleted room: to read. The server refuses what is sent.
        <p className="room-closed" role="status">
          {TEXTS.roomDeleted}
        </p>
      ) : (
        <Composer
          key={`${meId}:${roomId}`}
          roomId={roomId}
          meId={meId}
          roomName={name}
          onSend={send}
          onGif={flags.gifs ? sendGif : undefined}
        />
      )}
    </section>
  )
}

const noop = () => undefined
