import { env } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { inject } from 'vitest'
import { app } from '../../worker/app'
import { ORIGIN } from './edge'
import type { Call } from './contract-servers'

/** One request through the Worker's app with configuration of the test's own on top of env. */
export async function callWith(
  vars: Record<string, string>,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const headers = new Headers(init.headers)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body
  const ctx = createExecutionContext()
  const req = new Request(`${ORIGIN}${path}`, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  })
  const res = await app.fetch(req, { ...env, ...vars }, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

type Service = 'sentryUrl' | 'ipInfoUrl' | 'siteUrl' | 'internalUrl'
export const service = (name: Service) => inject(name)

/** What a contract server received since its last reset. */
export async function calls(name: Service): Promise<Call[]> {
  return (await fetch(`${inject(name)}/__calls`)).json()
}
export const reset = (name: Service) => fetch(`${inject(name)}/__reset`).then((r) => r.text())
