import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { cloudflare } from '@cloudflare/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'
import { appwriteSdkEnums } from './scripts/appwrite-sdk-plugin.ts'
import { exampleVars } from './scripts/local-vars.ts'
import { jsonBigintShim } from './scripts/json-bigint-plugin.ts'
import { pwa } from './scripts/pwa-plugin.ts'
import { routerScrollOff } from './scripts/router-scroll-plugin.ts'
import { authPaint } from './scripts/auth-paint.ts'
import { sessionProbeScript } from './scripts/session-probe-script.ts'
import { signedInMeta } from './scripts/signed-in-meta.ts'

export type AppConfigOptions = {
  /** Worker vars; undefined means wrangler.toml plus .dev.vars as `wrangler dev` reads them. */
  vars?: Record<string, string>
  /** Where Miniflare keeps the DO, R2 and cache state; the default is .wrangler/state. */
  stateDir?: string
  host?: string
  port?: number
  /**
   * The plugin factory. Test servers pass a private copy of the plugin module, because the
   * module keeps one Miniflare per process (see tests/fixtures/app-server.ts).
   */
  cloudflarePlugin?: typeof cloudflare
  /**
   * Public build-time values for the SPA (`VITE_*`, read as `import.meta.env.*`) on top of the .env
   * files; test servers use it to configure one server without changing process.env.
   */
  spaEnv?: Record<string, string>
}

// A signed-in room in two scripts where the bundler made eighteen: what every page runs first (the
// entry's static imports), and what a signed-in screen adds (layout, chat, presence, realtime, the
// Appwrite SDK, date-fns, and TanStack Query's client: a visitor's sign-in screen never queries).
// Many small chunks queue behind a browser's six connections per origin: `npm run bench room`
// went from 1.67–1.93× the anchor to 1.18–1.37×. Settings, the create-room panel, toasts, the zod
// schemas and Sentry stay lazy chunks of their own, and so do the parts of a message needed only
// on a click or a preview's answer (web/features/chat/message-parts.ts), the edit, delete and
// reaction calls (message-ops.ts), the profile menu's items, the admin's partner details (web/features/presence/chatee-header.tsx)
// the caller's presence reports, started once the page has settled (presence-reports.tsx), and
// what reopens the realtime link when the connection comes back (web/lib/realtime-wake.ts).
const SIGNED_IN =
  /web[\\/](features[\\/](chat[\\/](?!(message-editor-form|message-menu-panel|forward|forward-menu|menu-item|bookmark-menu-item|use-panel-placement|image-viewer|link-preview|link-api|reaction-picker|quick-reactions|log-keys|row-press|row-swipe|delivery-report|message-event-extras|pins|pin-menu-item|pinned-bar|quote-bar|message-ops|edit-last|action-queue(-store|-view|-send)?|jump-step|search-note|gif-button|staged-file|upload-run|unsafe-link|voice-parts|voice-note|voice-recorder|voice-review|voice-take|voice)\.)|layout[\\/](?!profile-menu-panel\.)|presence[\\/](?!(partner-details|presence-reports|use-presence|in-order)\.)|realtime|auth[\\/]session)|lib[\\/](appwrite|jwt|product-api|api|realtime(?!-wake)|query-client))|node_modules[\\/](appwrite|date-fns)[\\/]|shared[\\/]db-ids/
// The sign-in screen, which a signed-in page never runs (web/features/auth/lazy-auth-screen.ts):
// one chunk, which a visitor's index.html preloads beside the entry (scripts/signed-in-meta.ts).
const SIGN_IN =
  /web[\\/]features[\\/]auth[\\/](auth-screen|sign-in-form|drawn-sign-in|use-auth-submit|use-signed-in-elsewhere|notice-alert)\./
const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 2 },
  { name: 'signed-in', test: SIGNED_IN, priority: 1 },
  { name: 'sign-in', test: SIGN_IN, priority: 1 },
]

// The Vite root stays at the repo root so the plugin's deploy redirect lands where wrangler looks.
export function appConfig(o: AppConfigOptions): UserConfig {
  const plugin = o.cloudflarePlugin ?? cloudflare
  return {
    plugins: [
      pwa(),
      jsonBigintShim(),
      routerScrollOff(),
      appwriteSdkEnums(['web', 'shared'].map((d) => fileURLToPath(new URL(d, import.meta.url)))),
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // The home and room routes only wrap the lazily loaded chat: a chunk of their own is one
        // more round trip before a visitor's sign-in screen (the router loads the matched route
        // before the auth gate renders), for 0.2 KB.
        codeSplittingOptions: {
          splitBehavior: ({ routeId }) =>
            routeId === '/' || routeId === '/rooms/$roomId' ? [] : undefined,
        },
        routesDirectory: './web/routes',
        generatedRouteTree: './web/routeTree.gen.ts',
      }),
      react(),
      signedInMeta(),
      sessionProbeScript(),
      authPaint(),
      plugin({
        config: o.vars ? { vars: o.vars } : undefined,
        persistState: o.stateDir ? { path: o.stateDir } : true,
        inspectorPort: false,
      }),
    ],
    // cors: false, because the Worker answers CORS for /v1 itself (Appwrite's contract, tested in
    // tests/compat/cors.test.ts); Vite's middleware would answer every preflight before it.
    server: { host: o.host ?? 'localhost', port: o.port ?? 5173, strictPort: true, cors: false },
    build: {
      sourcemap: true,
      rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
    },
    define: Object.fromEntries(
      Object.entries(o.spaEnv ?? {}).map(([k, v]) => [`import.meta.env.${k}`, JSON.stringify(v)]),
    ),
  }
}

export default defineConfig(({ command }) =>
  appConfig({
    // Without a .dev.vars the documented local defaults apply.
    vars: command === 'serve' && !existsSync('.dev.vars') ? exampleVars() : undefined,
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
  }),
)
