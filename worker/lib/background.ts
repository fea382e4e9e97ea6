import type { Context } from 'hono'

/** Runs a background task after the response; a failure is logged, never surfaced. */
export function later(c: Context, task: Promise<unknown> | undefined) {
  if (!task) return
  const safe = task.catch((err) => console.error('background task failed:', err))
  try {
    c.executionCtx.waitUntil(safe)
  } catch {
    // No execution context (e.g. a direct app.request in a unit test): let it run on.
  }
}
