import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import worker from '../../worker/index'

/**
 * One request through the Worker's own fetch handler (Sentry's wrapper around the composed app,
 * then the Durable Object for /v1), with the test's bindings and an execution context of its own,
 * whose background work is awaited before the next request. Not `exports.default.fetch`: under
 * vitest-pool-workers each call through it costs more than the one before
 * (cloudflare/workers-sdk#15446), 9 ms a request at first and 350 ms after 800, which made 1,000
 * generated requests take three minutes.
 */
export async function workerFetch(input: string | Request, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext()
  const request = new Request(input, init) as Parameters<NonNullable<typeof worker.fetch>>[0]
  const res = await worker.fetch!(request, env, ctx)
  await waitOnExecutionContext(ctx)
  return res
}
