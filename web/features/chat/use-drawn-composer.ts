import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { caretIn, placeCaret, type Caret } from '../../lib/drawn-caret'
import { writeDraft } from './drafts'
import { messageIntent } from './message-intent'

// The composer of the room the Worker drew into the page (worker/first-paint/room-paint.ts) can be
// typed into before the app has run; the SPA's composer takes over what it holds as the drawing
// goes away.

export type DrawnComposer = {
  /** Set when the visitor changed it; the drawing starts with the room's draft. */
  text: string | undefined
  /** The caret, when the text box had the focus. */
  caret: Caret | undefined
  /** Enter or the send button was pressed there: send it once the app is up. */
  send: boolean
}

/** What the drawn composer of `roomId` holds, if that room is drawn; read, not taken. */
export function drawnComposer(roomId: string): DrawnComposer | null {
  const paint = document.getElementById('first-paint')
  const form = paint?.querySelector<HTMLFormElement>('form.composer')
  const box = form?.querySelector('textarea')
  if (!paint || !box || form!.dataset.room !== roomId) return null
  return {
    text: paint.hasAttribute('data-edited') ? box.value : undefined,
    caret: caretIn(box),
    send: paint.dataset.intent === 'send',
  }
}

/**
 * The rest of the take-over, for a composer that started from `drawn`: its draft saved, the caret
 * put back before the drawing goes (ChatRoom's layout effect runs after this one), and a send
 * asked for there made once. Call it after the composer's reply draft is restored: the drawing
 * does not show the message a draft answers, so with one pending the text waits in the composer,
 * beside its quote, for the visitor's own Enter rather than going out as an answer unseen.
 */
export function useDrawnComposer(
  drawn: DrawnComposer | null,
  o: { meId: string; roomId: string; box: RefObject<HTMLTextAreaElement | null>; submit(): void },
) {
  useLayoutEffect(() => {
    if (drawn?.text !== undefined) writeDraft(o.meId, o.roomId, drawn.text)
    if (drawn?.caret !== undefined) placeCaret(o.box.current, drawn.caret)
  }, [])
  const sent = useRef(false)
  useEffect(() => {
    if (!drawn?.send || sent.current) return
    sent.current = true
    if (messageIntent.replyTo?.roomId !== o.roomId) return o.submit()
    placeCaret(o.box.current, null)
  }, [])
}
