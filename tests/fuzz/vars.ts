import { env } from 'cloudflare:workers'

/**
 * The run's seed and size: FUZZ_SEED replays a failure (the seed is printed), FUZZ_RUNS makes a
 * longer run. Passed in as bindings by vitest.config.ts, since workerd has no host environment.
 */
export function fuzzVars() {
  const vars = env as unknown as { FUZZ_SEED?: string; FUZZ_RUNS?: string }
  return { seed: Number(vars.FUZZ_SEED || 18), runs: Number(vars.FUZZ_RUNS || 10_000) }
}

/**
 * How the cases are shared out: 4,000 realtime frames, 4,000 `/v1` requests (63 routes) and
 * 2,000 other requests (39 routes) by default. Each costs about 2.5 ms (measured at a load of 10
 * on 2 cores), so the 10,000 take about 25 s and every route gets dozens of cases.
 */
export const SHARE = { realtime: 0.4, v1: 0.4, api: 0.2 }
