import { caretIn, placeCaret } from '../../lib/first-load'

// The sign-in screen drawn into index.html (scripts/auth-paint.ts) can be used before the app has
// run; the app's own screen takes over what the visitor did there as it replaces the drawing.

const shownDrawing = () => {
  const paint = document.getElementById('auth-paint')
  return paint && !paint.hidden ? paint : null
}

/** What was typed into the drawing's email field, if it is shown. */
export const drawnEmail = () =>
  shownDrawing()?.querySelector<HTMLInputElement>('input[name="email"]')?.value ?? ''

/** The screen a click in the drawing asked for ("Register", "Forgot password?"), if any. */
export function drawnMode(): 'register' | 'forgot' | undefined {
  const intent = shownDrawing()?.dataset.intent
  return intent === 'register' || intent === 'forgot' ? intent : undefined
}

/**
 * Puts what was typed into the drawn form into the live `form`, the caret in the same field and
 * place, and submits it when the visitor already had. The submit is taken once.
 */
export function takeDrawnSignIn(form: HTMLFormElement) {
  const paint = shownDrawing()
  if (!paint) return
  for (const from of paint.querySelectorAll('input')) {
    const to = form.elements.namedItem(from.name)
    if (!(to instanceof HTMLInputElement)) continue
    if (from.value) to.value = from.value
    const caret = caretIn(from)
    if (caret !== undefined) placeCaret(to, caret)
  }
  // A button the visitor had reached with Tab keeps the focus too.
  const button = document.activeElement
  if (button instanceof HTMLButtonElement && paint.contains(button))
    [...(form.closest('section') ?? form).querySelectorAll('button')]
      .find((b) => b.textContent === button.textContent)
      ?.focus()
  // Another intent ("Register", "Forgot password?") is the screen's to read (auth-screen.tsx).
  if (paint.dataset.intent !== 'sign-in') return
  delete paint.dataset.intent
  form.requestSubmit()
}
