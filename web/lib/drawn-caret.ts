// A field drawn into the page before the app ran (worker/first-paint/, scripts/auth-paint.ts)
// hands its caret to the SPA's field that replaces it, so typing goes on where it was.

export type Caret = [start: number, end: number] | null

/** Where the caret is in `field`, when it has the focus (an email field has no position: null). */
export function caretIn(field: HTMLInputElement | HTMLTextAreaElement): Caret | undefined {
  if (document.activeElement !== field) return undefined
  return field.selectionStart === null ? null : [field.selectionStart, field.selectionEnd!]
}

/** Focuses `field` with the caret where it was (`null`: wherever the browser puts it). */
export function placeCaret(field: HTMLInputElement | HTMLTextAreaElement | null, caret: Caret) {
  field?.focus({ preventScroll: true })
  if (caret) field?.setSelectionRange(...caret)
}
