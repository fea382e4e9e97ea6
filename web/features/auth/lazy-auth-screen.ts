import { preloadable } from '../../lib/preloadable'

// The sign-in screen is a chunk of its own, which a signed-in page never runs: a visitor's
// index.html preloads it beside the entry (scripts/signed-in-meta.ts), and the Worker takes that
// link out of a signed-in navigation's page (worker/services/first-load-html.ts).
export const AuthScreen = preloadable(async () => ({
  default: (await import('./auth-screen')).AuthScreen,
}))
