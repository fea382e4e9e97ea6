/** A REST request as it crosses the RPC boundary (Request objects are not kept in arrays). */
export type WireRequest = {
  method: string
  url: string
  headers: [string, string][]
  body?: string
}
export type WireAnswer = { status: number; body: string }

export async function toWire(req: Request): Promise<WireRequest> {
  const body = req.body ? await req.text() : undefined
  return { method: req.method, url: req.url, headers: [...req.headers], body }
}

export function fromWire(a: WireAnswer): Response {
  // 204 and 304 answers may not carry a body.
  return new Response(a.status === 204 || a.status === 304 ? null : a.body, { status: a.status })
}

/**
 * The object's side of a batch: the requests run in order through its own REST app, in process.
 * The first is the caller check (GET /account with the JWT): when it is not a success nothing
 * else runs, so a bad JWT reads nothing. One RPC then costs one round trip for auth and data.
 */
export async function runBatch(
  app: (req: Request) => Promise<Response>,
  reqs: WireRequest[],
): Promise<WireAnswer[]> {
  const answers: WireAnswer[] = []
  for (const r of reqs) {
    const res = await app(
      new Request(r.url, { method: r.method, headers: r.headers, body: r.body }),
    )
    answers.push({ status: res.status, body: await res.text() })
    if (answers.length === 1 && !res.ok) break
  }
  return answers
}
