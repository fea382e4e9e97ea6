import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'
import { exampleVars } from './scripts/local-vars.ts'

// In CI, a failed compat or browser test runs once more: both drive real servers, sockets and
// Chromium on two shared cores, where one slow tick must not sink a run. The retry stays visible
// ("(retry x1)" beside the test), and a test that fails twice still fails the run.
const retry = process.env.CI ? 1 : 0

// A project whose files start app servers lists this global setup: the servers then run in one
// host process per run, which loads Vite, wrangler and Miniflare once (tests/fixtures/server-host.ts).
const SERVER_HOST = 'tests/fixtures/server-host.ts'
// Test clients open a connection per request to the app servers (the file says why).
const FRESH_CONNECTIONS = 'tests/fixtures/fresh-connections.ts'
// The projects that run inside workerd load the Worker's npm dependencies pre-bundled, one module
// each: otherwise workerd fetches every file of hono, zod and Sentry one by one from Vite, for
// every test file, which was most of a small file's time (docs/testing.md, "The slower machine").
const WORKER_DEPS = {
  optimizer: {
    ssr: {
      enabled: true,
      include: [
        ...['hono', 'hono/factory', 'hono/http-exception', 'hono/streaming', 'hono/cookie'],
        ...['hono/body-limit', 'hono/utils/url', 'hono/utils/cookie', 'hono/utils/http-status'],
        ...['zod', '@hono/zod-validator', '@sentry/cloudflare', 'ua-parser-js'],
      ],
      // Provided by workerd itself.
      rolldownOptions: { external: [/^node:/, /^cloudflare:/] },
    },
  },
}
// The projects inside workerd run all their files in one workerd, each file on an emptied
// backend (tests/worker/fresh-backend.ts): a workerd per file loaded the Worker's ~190 modules
// again for each (docs/testing.md, "One workerd per project").
const ONE_WORKERD = { isolate: false, setupFiles: ['tests/worker/fresh-backend.ts'] }
const fuzzVars = () => ({
  FUZZ_SEED: process.env.FUZZ_SEED ?? '18',
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '',
})

// One `vitest run` covers every layer: unit (Node), worker (inside workerd), compat (official SDKs
// against a running server) and e2e (Debian Chromium against a running server).
export default defineConfig({
  test: {
    projects: [
      {
        // One process for the unit files, modules loaded once; a file that replaces a module or a
        // global before importing what uses it (vi.mock, vi.stubGlobal) is named *.isolated.test.ts
        // and runs in a fresh one, since neither is undone for the next file otherwise.
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: ['tests/unit/**/*.isolated.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          environment: 'node',
          include: ['tests/unit/**/*.isolated.test.ts'],
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: exampleVars() },
          }),
        ],
        // The first request in a fresh isolate also builds the Worker bundle: give it room on 2 cores.
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          ...ONE_WORKERD,
          testTimeout: 30_000,
          deps: WORKER_DEPS,
        },
      },
      {
        test: {
          name: 'compat',
          environment: 'node',
          include: ['tests/compat/**/*.test.ts'],
          // One process for all 65 files, one at a time, modules loaded once: starting a fresh
          // process and loading the SDKs again was a second or two per file. The files share
          // their servers by name already; helpers hold no state a later file could trip on
          // (each seed makes its own room, the cookie jars are per client).
          isolate: false,
          globalSetup: [SERVER_HOST, 'tests/fixtures/global-server.ts'],
          setupFiles: [FRESH_CONNECTIONS],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          retry,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          // As compat: one process loads Playwright's client and the helpers once, not per file
          // (1.6 CPU-seconds a file on the CI machine). Every file starts its own server and
          // browser contexts and closes them; no helper keeps state between files.
          isolate: false,
          globalSetup: [SERVER_HOST, 'tests/e2e/helpers/browser-host.ts'],
          setupFiles: [FRESH_CONNECTIONS, 'tests/fixtures/fail-first.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          retry,
        },
      },
      {
        // The crash suite: its own server processes, killed and started again, and its own
        // Chromium. It is a browser test, but it runs in the other lane (every project but e2e):
        // the e2e lane ended 80-95 s after it in every run, with a core half idle meanwhile.
        test: {
          name: 'crash',
          environment: 'node',
          include: ['tests/crash/**/*.test.ts'],
          // Only for the build the crash servers serve (appBuild); it starts no server itself.
          globalSetup: [SERVER_HOST],
          setupFiles: [FRESH_CONNECTIONS],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry,
        },
      },
      {
        // The deployable artifact: one `vite build` (global setup), served by `wrangler dev`.
        test: {
          name: 'prod',
          environment: 'node',
          include: ['tests/prod/**/*.prod.test.ts'],
          globalSetup: ['tests/prod/fixtures/build.ts'],
          setupFiles: [FRESH_CONNECTIONS],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          retry,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            // FUZZ_SEED and FUZZ_RUNS replay or lengthen a run (docs/reliability.md).
            miniflare: { bindings: { ...exampleVars(), ...fuzzVars() } },
          }),
        ],
        // Generated bad input inside workerd, through the Worker's own fetch (no HTTP, no Vite).
        test: {
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          deps: WORKER_DEPS,
          ...ONE_WORKERD,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: exampleVars() },
          }),
        ],
        // One file per threat, each asserting the refusal, through the Worker's own fetch.
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          deps: WORKER_DEPS,
          ...ONE_WORKERD,
          globalSetup: ['tests/security/contract-servers.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
