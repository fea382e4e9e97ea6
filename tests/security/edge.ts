import { vi } from 'vitest'
import { config, ORIGIN } from '../fuzz/session'
import { workerFetch } from '../fuzz/worker-fetch'

export { config, ORIGIN }
export { signIn, type Credentials } from '../fuzz/session'
export { edgeRoutes, workerRoutes, fillPath } from '../fuzz/routes'

/** One request through the Worker's own fetch handler (see workerFetch); /v1 paths get the project header. */
export function call(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit; json?: unknown } = {},
) {
  const headers = new Headers(init.headers)
  if (path.startsWith('/v1')) headers.set('x-appwrite-project', config.APPWRITE_PROJECT_ID)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  return workerFetch(`${ORIGIN}${path}`, {
    method: init.method ?? (init.json === undefined && !init.body ? 'GET' : 'POST'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  })
}

export const KEY = { 'x-appwrite-key': config.EMBEDDED_API_KEY }

/**
 * Counts the platform's PBKDF2 derivations from now on, the real function still running: the
 * Worker's password step hashes in the test's own isolate, so a password hashed is a call.
 * Counting, not timing, so the machine's load cannot sway it. `restore` ends the count.
 */
export function countPasswordHashes() {
  const derive = vi.spyOn(crypto.subtle, 'deriveBits')
  return {
    count: () =>
      derive.mock.calls.filter(([alg]) => (alg as { name?: string }).name === 'PBKDF2').length,
    restore: () => derive.mockRestore(),
  }
}
