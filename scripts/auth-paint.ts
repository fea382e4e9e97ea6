import type { Plugin } from 'vite'
import { APP_NAME } from '../shared/constants.ts'
import { TEXTS } from '../shared/texts.ts'

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * The sign-in screen as web/features/auth/auth-screen.tsx and sign-in-form.tsx render it, with
 * the same classes and texts, as static markup: inert (nothing in it can be focused or clicked)
 * and hidden from assistive technology, since the SPA's own screen replaces it.
 * tests/e2e/auth-visitor.e2e.test.ts compares its text with the live screen's.
 */
export const AUTH_PAINT = `<div id="auth-paint" hidden inert aria-hidden="true">
      <main class="auth-screen">
        <section class="auth-card">
          <p class="brand"><span class="brand-mark">K</span> ${escape(APP_NAME)}</p>
          <h1>${escape(TEXTS.signInTitle)}</h1>
          <form class="auth-form">
            <label>Email <input type="email" /></label>
            <label>Password <input type="password" /></label>
            <button type="button" class="link forgot">${escape(TEXTS.forgotPassword)}</button>
            <button type="button" class="primary">Sign in</button>
          </form>
          <p class="auth-switch">No account yet? <button type="button" class="link">Register</button></p>
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
