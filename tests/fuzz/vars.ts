import { env } from 'cloudflare:workers'

/**
 * The run's seed and size: FUZZ_SEED replays a failure (the seed is printed), FUZZ_RUNS makes a
 * longer run. The cases are shared out by cost: 90% realtime frames (cheapest), 8% /v1
 * requests, 2% /api (and /__dev, /monitoring) requests, whose routes make several calls each. Passed in as bindings by vitest.config.ts, since workerd has no host environment.
 */
export function fuzzVars() {
  const vars = env as unknown as { FUZZ_SEED?: string; FUZZ_RUNS?: string }
  return { seed: Number(vars.FUZZ_SEED || 18), runs: Number(vars.FUZZ_RUNS || 10_000) }
}
