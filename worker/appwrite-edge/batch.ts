type Scalar = string | number | boolean | null

/** A condition on one field of a JSON object (a missing field reads as null). */
export type FieldCondition =
  | { field: string; equals: Scalar }
  | { field: string; differs: Scalar }
  | { field: string; truthy: boolean }
  | { field: string; in: string[] }

/**
 * A condition on an earlier answer of the same batch (by index): its status, or a field of its
 * JSON body. `in` compares strings lowercased (emails).
 */
export type Guard = { answer: number; status: number } | ({ answer: number } & FieldCondition)

export function fieldHolds(c: FieldCondition, body: unknown): boolean {
  const v = (body as Record<string, unknown> | undefined)?.[c.field] ?? null
  if ('equals' in c) return v === c.equals
  if ('differs' in c) return v !== c.differs
  if ('truthy' in c) return Boolean(v) === c.truthy
  return typeof v === 'string' && c.in.includes(v.toLowerCase())
}

/** A REST request as it crosses the RPC boundary (Request objects are not kept in arrays). */
export type WireRequest = {
  method: string
  url: string
  headers: [string, string][]
  body?: string
  /** Run only when every guard holds; else its answer is `skipped`. */
  when?: Guard[]
}
export type WireAnswer = { status: number; body: string } | { skipped: true }

function holds(g: Guard, answers: WireAnswer[], json: Map<number, unknown>): boolean {
  const a = answers[g.answer]
  if (!a || 'skipped' in a) return false
  if ('status' in g) return a.status === g.status
  if (!json.has(g.answer)) {
    try {
      json.set(g.answer, JSON.parse(a.body))
    } catch {
      json.set(g.answer, undefined)
    }
  }
  return fieldHolds(g, json.get(g.answer))
}

/**
 * The object's side of a batch: the requests run in order through its own REST app, in process.
 * The first is the caller check (GET /account with the JWT): when it is not a success nothing
 * else runs, so a bad JWT reads nothing. A request with guards (a write that depends on the
 * caller and the reads before it) runs only when they hold, so a route's check, reads and write
 * cost one round trip.
 */
export async function runBatch(
  app: (req: Request) => Promise<Response>,
  reqs: WireRequest[],
): Promise<WireAnswer[]> {
  const answers: WireAnswer[] = []
  const json = new Map<number, unknown>()
  for (const r of reqs) {
    if (r.when && !r.when.every((g) => holds(g, answers, json))) {
      answers.push({ skipped: true })
      continue
    }
    const res = await app(
      new Request(r.url, { method: r.method, headers: r.headers, body: r.body }),
    )
    answers.push({ status: res.status, body: await res.text() })
    if (answers.length === 1 && !res.ok) break
  }
  return answers
}
