import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { caretIn, placeCaret, type Caret } from '../../lib/first-load'
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
 * The rest of the take-over, for a composer that started from `drawn`: the drawing read again
 * as it goes (in the commit that removes it: ChatRoom's layout effect runs after this one), since
 * the render that first read it may be long before (a route's render yields to the browser, and
 * keys pressed meanwhile went into the drawing: they were lost, or landed at a stale caret);
 * its text, draft and caret then taken, and a send asked for there made once. Call it after the
 * composer's reply draft is restored: the drawing does not show the message a draft answers, so
 * with one pending the text waits in the composer, beside its quote, for the visitor's own Enter
 * rather than going out as an answer unseen.
 */
export function useDrawnComposer(
  drawn: DrawnComposer | null,
  o: {
    meId: string
    roomId: string
    box: RefObject<HTMLTextAreaElement | null>
    setText(text: string): void
    submit(text?: string): void
  },
) {
  const taken = useRef(drawn)
  useLayoutEffect(() => {
    // Gone already: taken by this effect's first run (React's development double run comes
    // after the drawing was removed), or dropped with an error; the render's reading stands.
    const now = drawn && drawnComposer(o.roomId)
    if (!now) return
    taken.current = now
    const box = o.box.current
    if (now?.text !== undefined) {
      writeDraft(o.meId, o.roomId, now.text)
      // Into the box before its caret is placed; the state follows (the same value: no change).
      if (box && box.value !== now.text) {
        box.value = now.text
        o.setText(now.text)
      }
    }
    if (now?.caret !== undefined) placeCaret(box, now.caret)
  }, [])
  const sent = useRef(false)
  useEffect(() => {
    const now = taken.current
    if (!now?.send || sent.current) return
    sent.current = true
    if (messageIntent.replyTo?.roomId !== o.roomId) return o.submit(now.text)
    placeCaret(o.box.current, null)
  }, [])
}
