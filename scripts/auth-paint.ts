import type { Plugin } from 'vite'
import { APP_NAME } from '../shared/constants.ts'
import { TEXTS } from '../shared/texts.ts'

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * The sign-in screen as web/features/auth/auth-screen.tsx and sign-in-form.tsx render it, with
 * the same classes, texts and field names, as static markup. It is a form a visitor can use at
 * once: what is typed (or filled in by a password manager), the field with the caret, and a
 * submit or a click on "Register" or "Forgot password?" made before the app has run are taken
 * over by the SPA's own screen (web/features/auth/drawn-sign-in.ts); until then the page's
 * script (session-probe-script.ts) keeps a submit from leaving the page and notes what was asked.
 * tests/e2e/auth-visitor.e2e.test.ts compares its text and look with the live screen's.
 */
export const AUTH_PAINT = `<div id="auth-paint" hidden>
      <main class="auth-screen">
        <section class="auth-card" aria-labelledby="auth-paint-title">
          <p class="brand" aria-hidden="true"><span class="brand-mark">K</span> ${escape(APP_NAME)}</p>
          <h1 id="auth-paint-title">${escape(TEXTS.signInTitle)}</h1>
          <form class="auth-form">
            <label>Email <input name="email" type="email" autocomplete="email" required /></label>
            <label>Password <input name="password" type="password" autocomplete="current-password" required /></label>
            <button type="button" class="link forgot" data-intent="forgot">${escape(TEXTS.forgotPassword)}</button>
            <button type="submit" class="primary">Sign in</button>
          </form>
          <p class="auth-switch">No account yet? <button type="button" class="link" data-intent="register">Register</button></p>
        </section>
      </main>
    </div>`

/**
 * A visitor's first paint: the sign-in screen drawn into index.html, hidden until the page's own
 * "is anybody signed in?" question (session-probe-script.ts) is answered no. Then it shows as
 * soon as the stylesheet is in, before the app's script has arrived; the SPA takes it away when
 * its first screen renders (web/lib/first-load.ts dropFirstPaint). A signed-in page never shows
 * it, nor does an emailed link's (verification, recovery), whose first screen is another.
 */
export function authPaint(): Plugin {
  return {
    name: 'kathelia-auth-paint',
    transformIndexHtml: (html) =>
      html.replace('<div id="root"></div>', `${AUTH_PAINT}\n    <div id="root"></div>`),
  }
}
