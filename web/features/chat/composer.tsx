import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { subscribe } from 'valtio'
import { composerPlaceholder } from '../../../shared/text-format'
import { MESSAGE_MAX_LENGTH } from '../../../shared/constants'
import { enterSends, isTouchScreen } from '../../lib/enter-sends'
import { whenSettled } from '../../lib/when-settled'
import { uiState } from '../../state/ui-state'
import { AttachButton } from './attach-controls'
import { readDraft, readReplyDraft, writeDraft, writeReplyDraft } from './drafts'
import { drawnComposer, useDrawnComposer } from './use-drawn-composer'
import { LengthCount } from '../../lib/length-count'
import { loadMessageOps, MessageParts } from './message-parts'
import { messagesQuery } from './messages-query'
import type { GifRef } from './message-model'
import { cancelReply, messageIntent } from './message-intent'
import { useFileStaging } from './use-file-staging'
import { useTypingSignal } from './use-typing-signal'

/**
 * Enter sends, Shift+Enter starts a new line, ArrowUp when empty edits the last message sent;
 * typing is signalled at most every 3 s. Unsent text is the room's draft. Mounted per room (keyed
 * by the room id), so text never crosses rooms. Files (attached, pasted or dropped) go with the
 * next send, each a message of its own in the order staged, the text as the first one's caption.
 */
export function Composer({
  roomId,
  meId,
  roomName,
  onSend,
  onGif,
}: {
  roomId: string
  meId: string
  roomName: string
  onSend: (text: string, files?: readonly File[], replyToId?: string) => unknown
  /** Set when the server has GIF search configured (flags): the GIF button shows. */
  onGif?: (gif: GifRef, replyToId?: string) => unknown
}) {
  // The Worker's drawing of this room, maybe typed into before the app ran.
  const [drawn] = useState(() => drawnComposer(roomId))
  const [text, setText] = useState(() => drawn?.text ?? readDraft(meId, roomId))
  const typing = useTypingSignal(roomId, meId)
  const ref = useRef<HTMLTextAreaElement>(null)
  const staging = useFileStaging()
  const queryClient = useQueryClient()
  // The microphone, the emoji button and a reply's bar once the room has settled and their chunks
  // have come: no part of the room's first load, and none that did not come (offline, a server
  // restarting) stands in for the room. Once in, the next room shows them at once (no send
  // button greyed for a second).
  const [settled, setSettled] = useState(partsIn)
  useEffect(
    () =>
      whenSettled(
        () =>
          void Promise.all(
            [MessageParts.VoiceRecorder, MessageParts.EmojiButton, MessageParts.QuoteBar].map((p) =>
              p.preload(),
            ),
          ).then(() => setSettled((partsIn = true)), noop),
      ),
    [],
  )
  const voice = settled && canRecord()

  // Opening a room (from a link) or signing in puts the cursor here. Not on a fresh page (focus
  // still on the document: the skip link comes first), not while typing elsewhere, and not on a
  // touch screen, where it would pop the on-screen keyboard over the messages.
  useEffect(() => {
    const current = document.activeElement
    const signedIn = uiState.composerNext
    uiState.composerNext = false
    if (!current || (current === document.body && !signedIn)) return
    const box = ref.current
    if (!box || current.matches('input, textarea') || isTouchScreen()) return
    box.focus({ preventScroll: true })
    // After the room's draft, as messengers put it back: a focus alone leaves the caret at 0.
    box.setSelectionRange(box.value.length, box.value.length)
  }, [])

  // The message this room's draft answers survives a reload and a visit to another room.
  useEffect(() => {
    const saved = readReplyDraft(meId, roomId)
    if (saved && !messageIntent.replyTo) messageIntent.replyTo = { roomId, messageId: saved }
    return subscribe(messageIntent, () => {
      const replyTo = messageIntent.replyTo
      if (!replyTo) writeReplyDraft(meId, roomId, '')
      else if (replyTo.roomId === roomId) writeReplyDraft(meId, roomId, replyTo.messageId)
    })
  }, [meId, roomId])

  useDrawnComposer(drawn, { meId, roomId, box: ref, setText, submit })

  /** The message the next one answers, when it is in this room. */
  const replyToId = () =>
    messageIntent.replyTo?.roomId === roomId ? messageIntent.replyTo.messageId : undefined

  /** `typed`: the text as the drawn composer handed it over, before this render's state has it. */
  function submit(typed?: string) {
    const message = (typed ?? text).trim()
    if (!message && !staging.files.length) return
    onSend(message, staging.files, replyToId())
    cancelReply()
    staging.clear()
    setText('')
    writeDraft(meId, roomId, '')
    typing.stopped()
    ref.current?.focus()
  }

  // The caption goes next; not on a touch screen, where the keyboard would cover the file.
  function pick(files: readonly File[]) {
    void staging.stage(files)
    if (files.length && !isTouchScreen()) ref.current?.focus()
  }

  function sendGif(gif: GifRef) {
    onGif?.(gif, replyToId())
    cancelReply()
  }

  function sendVoice(file: File) {
    onSend('', [file], replyToId())
    cancelReply()
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    const bare = !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey
    if (e.key === 'ArrowUp' && bare && !text && !staging.files.length) {
      const from = e.currentTarget
      const pages = queryClient.getQueryData(messagesQuery(roomId).queryKey)?.pages ?? []
      return void loadMessageOps().then((m) => m.editLast(pages, roomId, meId, from), noop)
    }
    if (e.key === 'Escape' && messageIntent.replyTo) cancelReply()
    if (enterSends(e)) {
      e.preventDefault()
      submit()
    }
  }

  const empty = !text.trim() && !staging.files.length
  return (
    <form
      className={`composer${staging.dragging ? ' dragging' : ''}`}
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      {/* No Suspense for these two: they show once their chunks have come (above). */}
      {settled && <MessageParts.QuoteBar roomId={roomId} meId={meId} />}
      {staging.files.length > 0 && (
        <Suspense fallback={null}>
          <MessageParts.StagedFiles files={staging.files} onRemove={staging.remove} />
        </Suspense>
      )}
      <AttachButton onPick={pick} />
      {onGif && (
        <Suspense fallback={<span className="gif-anchor" />}>
          <MessageParts.GifButton onPick={sendGif} />
        </Suspense>
      )}
      {/* Its place kept until it comes: the box does not shrink under the cursor. */}
      {settled ? (
        <MessageParts.EmojiButton box={ref} meId={meId} />
      ) : (
        <span className="emoji-anchor" />
      )}
      <textarea
        ref={ref}
        dir="auto"
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={
          staging.files.length ? 'Add a caption (optional)' : composerPlaceholder(roomName)
        }
        aria-label="Message"
        onKeyDown={onKeyDown}
        onPaste={staging.onPaste}
        onChange={(e) => {
          setText(e.target.value)
          writeDraft(meId, roomId, e.target.value)
          typing.typed(e.target.value)
        }}
      />
      <LengthCount length={text.length} />
      {/* Nothing to send: the microphone in the send button's place, once its chunk is in. */}
      {empty && voice ? (
        <Suspense fallback={sendButton(true)}>
          <MessageParts.VoiceRecorder onRecorded={sendVoice} onRecording={typing.recording} />
        </Suspense>
      ) : (
        sendButton(empty)
      )}
    </form>
  )
}

// The settled parts' chunks have come (asked once a room has settled, above).
let partsIn = false

const sendButton = (disabled: boolean) => (
  <button type="submit" className="send-button" aria-label="Send message" disabled={disabled}>
    <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
      <path d="M4 12 20 4l-6 16-2.5-6.5z" />
    </svg>
  </button>
)

// Recording needs a secure page (https or localhost) with a microphone API.
const canRecord = () =>
  typeof MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia
const noop = () => undefined
