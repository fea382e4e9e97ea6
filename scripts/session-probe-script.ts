import type { Plugin, ResolvedConfig } from 'vite'
import { DEFAULT_PROJECT_ID } from '../shared/db-ids.ts'
import { RECOVERY_PATH } from '../web/features/auth/recovery-params.ts'

/**
 * A public build-time value as the SPA reads it (`import.meta.env.NAME`): a test server's
 * `define` (vite.config.ts `spaEnv`) over the .env files and VITE_* environment.
 */
export function spaValue(config: ResolvedConfig, name: string): string {
  const defined = config.define?.[`import.meta.env.${name}`]
  if (typeof defined === 'string') return JSON.parse(defined) as string
  return (config.env[name] as string | undefined) ?? ''
}

/**
 * Puts the "is anybody signed in?" request in index.html itself, a classic inline script ahead of
 * the head's scripts and stylesheets, so it leaves while the app's script downloads rather than
 * after it has run: on the mobile profile the sign-in screen waited one round trip more (`npm run
 * bench bundle`). Ahead of the stylesheets, because an inline script waits for the stylesheets
 * before it. The script defines the request once (`__accountProbe`, which
 * web/lib/session-probe.ts also uses for later checks) and sends the first (`__sessionProbe`),
 * unless the page came with the signed-in data (`<html data-first-load>`,
 * worker/services/first-load-html.ts): that page renders without asking. Answered "nobody",
 * it shows the sign-in screen drawn into the page (auth-paint.ts) once the page is parsed,
 * unless the app has rendered already or the page is an emailed link's, and keeps what the
 * visitor asks of it there for the app.
 */
export function sessionProbeScript(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'kathelia-session-probe',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml(html) {
      const endpoint = JSON.stringify(spaValue(config, 'VITE_APPWRITE_ENDPOINT'))
      const project = JSON.stringify(
        spaValue(config, 'VITE_APPWRITE_PROJECT_ID') || DEFAULT_PROJECT_ID,
      )
      const script = `<script>
      // Is anybody signed in? (scripts/session-probe-script.ts)
      window.__accountProbe = function () {
        var headers = { 'X-Appwrite-Project': ${project} }
        // Appwrite's third-party-cookie fallback, sent the way its SDK sends it.
        var fallback = localStorage.getItem('cookieFallback')
        if (fallback) headers['X-Fallback-Cookies'] = fallback
        var endpoint = ${endpoint} || location.origin + '/v1'
        return fetch(endpoint + '/account', { credentials: 'include', headers: headers })
      }
      if (!document.documentElement.hasAttribute('data-first-load'))
        try {
          window.__sessionProbe = window.__accountProbe()
          // Answered before the app runs: it can show the sign-in screen without a spinner first.
          window.__sessionProbe.then(function (res) {
            window.__signedOut = res.status === 401
            var q = new URLSearchParams(location.search)
            var link = location.pathname === ${JSON.stringify(RECOVERY_PATH)} || (q.get('userId') && q.get('secret'))
            if (!window.__signedOut || link) return
            var show = function () {
              var paint = document.getElementById('auth-paint')
              var root = document.getElementById('root')
              if (!paint || !root || root.firstChild) return
              paint.hidden = false
              // Until the app takes over (web/features/auth/drawn-sign-in.ts), a submit stays on
              // the page; it and a click on Register or Forgot password? are noted for the app.
              paint.addEventListener('submit', function (e) {
                e.preventDefault()
                paint.setAttribute('data-intent', 'sign-in')
                // As the SPA's form shows a sign-in under way (its wheel), and marked, not
                // disabled: a disabled button drops the keyboard's focus to the page, and the app
                // takes over a focus only from the drawing's own controls.
                e.target.setAttribute('aria-busy', 'true')
                e.target.querySelector('[type=submit]').setAttribute('aria-disabled', 'true')
              })
              paint.addEventListener('click', function (e) {
                var asked = e.target.closest('[data-intent]')
                if (asked && asked !== paint) paint.setAttribute('data-intent', asked.getAttribute('data-intent'))
              })
            }
            // 'interactive' comes when the page is parsed, before the app's module script runs.
            if (document.readyState === 'loading')
              document.addEventListener('readystatechange', show, { once: true })
            else show()
          }, function () {})
        } catch (e) {}
    </script>`
      return html.replace(/<script/, `${script}\n    <script`)
    },
  }
}
