import { Agent, request } from 'node:http'
import { summarize } from './stats'

export type Target = {
  label: string
  url: string
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  /** A fresh body per request (message ids must differ). */
  body?: () => string
  /** Statuses that count as served; anything else is an error. */
  ok: number[]
}

export type LoadResult = { requests: number; errors: number; seconds: number; latencies: number[] }

function once(agent: Agent, t: Target): Promise<{ status: number; ms: number }> {
  const body = t.body?.()
  const started = performance.now()
  return new Promise((done, fail) => {
    const req = request(
      t.url,
      {
        agent,
        method: t.method,
        headers: {
          ...t.headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }))
        res.on('error', fail)
      },
    )
    req.on('error', fail)
    req.end(body)
  })
}

/**
 * `connections` keep-alive connections, each sending the next request as soon as the previous
 * answer arrived (a closed loop, as wrk does), for `seconds`. Latency is per request.
 */
export async function load(t: Target, connections: number, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let errors = 0
  let firstError = ''
  const started = performance.now()
  const until = started + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        try {
          const { status, ms } = await once(agent, t)
          if (t.ok.includes(status)) latencies.push(ms)
          else {
            errors++
            firstError ||= `status ${status}`
          }
        } catch (err) {
          errors++
          firstError ||= (err as Error).message
        }
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  if (errors) console.log(`  ${t.label}: ${errors} errors (first: ${firstError})`)
  return { requests: latencies.length, errors, seconds: elapsed, latencies }
}

/** Several windows of one target merged: requests/s over their total time, percentiles over all. */
export function merge(results: LoadResult[]) {
  const requests = results.reduce((n, r) => n + r.requests, 0)
  const seconds = results.reduce((n, r) => n + r.seconds, 0)
  const errors = results.reduce((n, r) => n + r.errors, 0)
  const { p50, p99 } = summarize(results.flatMap((r) => r.latencies))
  return { rps: requests / seconds, p50, p99, errors, requests }
}
