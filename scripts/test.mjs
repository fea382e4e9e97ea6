import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join, resolve } from 'node:path'
import { chromiumVersion, ensureChromium } from './ensure-chromium.mjs'

// `npm test`: every check CI runs, stage by stage (tsc and prettier beside the tests), stopping
// after the first stage with a failure, with a summary of what passed, what failed and how long
// each took.
const root = resolve(import.meta.dirname, '..')
const bin = resolve(root, 'node_modules', '.bin')
const results = []
// Tests that passed only on their CI retry (vitest.config.ts): listed in the summary, never hidden.
const retried = []
let chromiumPath = ''
let reason = ''
// Each lane's counts and per-file times (scripts/lane-reporter.ts), for the closing lines.
const reports = mkdtempSync(join(tmpdir(), 'kathelia-test-'))
const laneReports = []
// The deployable build every test server serves, made once for both lanes.
const testBuild = join(reports, 'build')

/**
 * Runs a command to its end. With `prefix`, its output goes line by line behind that label, so two
 * commands running side by side stay readable.
 */
function exec(command, args, env = {}, prefix = '') {
  console.log(`${prefix}$ ${[command, ...args].join(' ')}`)
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      // No stdin: CI has none, and nothing here is interactive.
      stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
      env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, ...env },
    })
    if (prefix) for (const stream of [child.stdout, child.stderr]) prefixLines(stream, prefix)
    const forward = (signal) => child.kill(signal)
    process.on('SIGINT', forward).on('SIGTERM', forward)
    child.on('error', (err) => {
      console.error(err.message)
      done(1)
    })
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward)
      done(code ?? (signal ? 1 : 0))
    })
  })
}

function prefixLines(stream, prefix) {
  let rest = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop()
    for (const line of lines) {
      process.stdout.write(`${prefix}${line}\n`)
      // Vitest colours its lines; the retry marker is matched on the plain text.
      const plain = line.replace(/\x1b\[[0-9;]*m/g, '').trim()
      if (/\(retry x\d+\)/.test(plain)) retried.push(`${prefix}${plain}`)
    }
  })
  stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`))
}

// The compat and e2e projects each run one file at a time (every file starts servers). Two lanes
// side by side, one per core: every project but e2e, and e2e. A third lane for compat was measured
// on a quiet machine (docs/testing.md): the whole run took longer, since the lanes only shared the
// same two cores and the e2e lane, the longest, slowed down most. A new project joins the first lane.
// The first lane ended about 180 s before the e2e lane, with a core half idle from then on, so it
// goes on with the e2e files below in a Vitest of its own: servers and Chromium are per process
// and every port is the system's choice, so two files never meet. Rebalanced as the suites grow:
// on 2026-11-30 the first lane took 429 s (these three then 122 s), the e2e lane 516 s, so
// journey-presence (38 s) moved over.
const E2E_AFTER_API = [
  'tests/e2e/chat-voice.e2e.test.ts',
  'tests/e2e/bookmarks.e2e.test.ts',
  'tests/e2e/chat-long-history.e2e.test.ts',
  'tests/e2e/journey-presence.e2e.test.ts',
]
const LANES = [
  [
    { label: 'api', args: ['--project', '!e2e'] },
    { label: 'e2e+', args: ['--project', 'e2e', ...E2E_AFTER_API] },
  ],
  [{ label: 'e2e', args: ['--project', 'e2e', ...E2E_AFTER_API.flatMap((f) => ['--exclude', f])] }],
]

// The default reporter for the log, ours for the closing lines (counts and per-file times).
const REPORTERS = ['--reporter=default', '--reporter=./scripts/lane-reporter.ts']

/** A lane's report; a lane that died before writing one counts as one failure, said why. */
function readLaneReport(path) {
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8'))
  return {
    passed: 0,
    failed: 1,
    skipped: 0,
    errors: ['the lane ended without a report'],
    retried: [],
    failures: [],
    files: [],
  }
}

const stages = [
  {
    name: 'chromium',
    run: async () => {
      try {
        chromiumPath = ensureChromium()
      } catch (err) {
        reason = err instanceof Error ? err.message : String(err)
        return 1
      }
      console.log(`Using ${chromiumVersion(chromiumPath) ?? 'Chromium'} at ${chromiumPath}`)
      return 0
    },
  },
  {
    // The deployable build (about 10 s), served by the test servers of both lanes and the prod
    // suite (tests/fixtures/app-build.ts). The lanes need nothing else to start.
    name: 'build (vite build)',
    run: () => exec('tsx', ['scripts/test-build.ts', testBuild], {}, '[build] '),
  },
  {
    // tsc (TypeScript 7, native: about 17 CPU-seconds on a clean clone) and prettier run beside
    // the lanes instead of before them: the lanes leave part of a core idle, and waiting for tsc
    // delayed every test by about a minute. All must pass; each is listed on its own.
    name: 'tests (vitest run, two lanes), with tsc -b and prettier --check . beside them',
    run: async () => {
      const timed = async (name, run) => {
        const started = Date.now()
        const code = await run()
        return { name, ok: code === 0, ms: Date.now() - started }
      }
      return Promise.all([
        timed('typecheck (tsc -b)', () => exec('tsc', ['-b'], {}, '[tsc] ')),
        timed('format (prettier --check .)', () =>
          exec('prettier', ['--check', '.'], {}, '[prettier] '),
        ),
        timed('tests (vitest run, two lanes)', runLanes),
      ])
    },
  },
]

async function runLanes() {
  const env = { CHROMIUM_PATH: chromiumPath, KATHELIA_TEST_BUILD: testBuild }
  // A lane's runs go one after the other, each to its end whatever the one before it answered.
  const runLane = async (runs) => {
    const codes = []
    for (const { label, args: laneArgs } of runs) {
      const report = join(reports, `${label}.json`)
      const args = ['run', ...laneArgs, ...REPORTERS]
      const code = await exec('vitest', args, { ...env, LANE_REPORT: report }, `[${label}] `)
      laneReports.push({ label, code, ...readLaneReport(report) })
      codes.push(code)
    }
    return codes.find((code) => code !== 0) ?? 0
  }
  const codes = await Promise.all(LANES.map(runLane))
  return codes.find((code) => code !== 0) ?? 0
}

function summary() {
  const format = (ms) => `${(ms / 1000).toFixed(1)} s`
  console.log('\nnpm test summary')
  for (const r of results) console.log(`  ${r.ok ? 'pass' : 'FAIL'}  ${r.name}  ${format(r.ms)}`)
  for (const s of stages.slice(stagesRun)) console.log(`  skip  ${s.name}`)
  console.log(`  total ${format(Date.now() - runStarted)}`)
  if (retried.length) console.log(`\nretried (flaky, investigate):\n  ${retried.join('\n  ')}`)
  const firstErrors = laneReports.flatMap(({ label, retried = [] }) =>
    retried.map((r) => `[${label}] ${r}`),
  )
  if (firstErrors.length) console.log(`what failed them first:\n  ${firstErrors.join('\n  ')}`)
  const files = laneReports.flatMap(({ label, files }) => files.map((f) => ({ ...f, label })))
  if (files.length) {
    console.log('\nslowest test files (imports, hooks and tests):')
    for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
      console.log(
        `  ${f.seconds.toFixed(1).padStart(6)} s  [${f.label}]  ${f.file}${f.failed ? '  FAIL' : ''}`,
      )
  }
  const failures = laneReports.flatMap(({ label, failures = [] }) =>
    failures.map((f) => `[${label}] ${f}`),
  )
  if (failures.length) console.log(`\nfailed tests:\n  ${failures.join('\n  ')}`)
  const errors = laneReports.flatMap(({ label, errors }) => errors.map((e) => `[${label}] ${e}`))
  if (errors.length) console.log(`\nfailures outside a test:\n  ${errors.join('\n  ')}`)
  // KEEP_TEST_REPORTS=1 keeps every file's time for a closer look (docs/testing.md).
  if (process.env.KEEP_TEST_REPORTS) console.log(`\nlane reports kept in ${reports}`)
  else rmSync(reports, { recursive: true, force: true })
}

/** The run's closing line, alone on its line: every Vitest project of every lane summed. */
function closingLine() {
  const sum = (key) => laneReports.reduce((n, r) => n + r[key], 0)
  const skipped = sum('skipped')
  console.log(
    `${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`,
  )
}

const runStarted = Date.now()
let stagesRun = 0
for (const stage of stages) {
  stagesRun++
  console.log(`\n=== ${stage.name} ===`)
  const started = Date.now()
  const outcome = await stage.run()
  // A stage answers its exit code, or the results of the steps it ran side by side.
  const parts = Array.isArray(outcome)
    ? outcome
    : [{ name: stage.name, ok: outcome === 0, ms: Date.now() - started }]
  results.push(...parts)
  const failed = parts.filter((p) => !p.ok)
  if (failed.length) {
    summary()
    const names = failed.map((p) => `"${p.name}"`).join(', ')
    console.error(`\nnpm test failed at ${names}${reason ? `: ${reason}` : ''}`)
    closingLine()
    process.exit(1)
  }
}
summary()
console.log('\nnpm test passed.')
closingLine()
