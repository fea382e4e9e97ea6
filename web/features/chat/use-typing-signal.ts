import { useEffect, useRef } from 'react'
import type { TypingKind } from '../../../shared/schemas'
import { productApi } from '../../lib/product-api'
import { noteTyping } from '../presence/activity'
import { createTypingSignal } from './typing-signal'

/**
 * The composer's typing signal to the partner (typing-signal.ts says when): `typed` after each
 * change of the text, `stopped` once it is sent; `recording` while a voice message is recorded
 * (the partner reads "is recording a voice message…"). Leaving the room with a signal live
 * clears it.
 */
export function useTypingSignal(roomId: string, meId: string) {
  const typing = useRef(createTypingSignal())
  const signal = (isTyping: boolean, typingKind: TypingKind = 'text') => {
    if (isTyping) noteTyping(roomId, typingKind)
    const payload = isTyping ? { isTyping, typingRoomId: roomId, typingKind } : { isTyping }
    void productApi.updateStatus(meId, payload).catch(() => undefined)
  }
  const stopped = () => {
    if (typing.current.onStop(Date.now())) signal(false)
  }
  // The composer is per room: its unmount is leaving the room.
  useEffect(() => stopped, [])
  return {
    typed: (text: string) => {
      if (!text) stopped()
      else if (typing.current.onInput(Date.now())) signal(true)
    },
    stopped,
    /** Called on every tick of a recording (true), and once as it ends (false). */
    recording: (on: boolean) => {
      if (!on) stopped()
      else if (typing.current.onInput(Date.now())) signal(true, 'voice')
    },
  }
}
