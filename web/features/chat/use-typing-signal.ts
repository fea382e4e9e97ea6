import { useEffect, useRef } from 'react'
import { productApi } from '../../lib/product-api'
import { noteTyping } from '../presence/activity'
import { createTypingSignal } from './typing-signal'

/**
 * The composer's typing signal to the partner (typing-signal.ts says when): `typed` after each
 * change of the text, `stopped` once it is sent. Leaving the room with a signal live clears it.
 */
export function useTypingSignal(roomId: string, meId: string) {
  const typing = useRef(createTypingSignal())
  const signal = (isTyping: boolean) => {
    if (isTyping) noteTyping(roomId)
    void productApi
      .updateStatus(meId, { isTyping, typingRoomId: isTyping ? roomId : null })
      .catch(() => undefined)
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
  }
}
