import { spawn } from 'node:child_process'
import { delimiter, resolve } from 'node:path'
import { chromiumVersion, ensureChromium } from './ensure-chromium.mjs'

// `npm test`: every check CI runs, in order, stopping at the first failure with a summary of
// what passed, what failed and how long each stage took.
const root = resolve(import.meta.dirname, '..')
const bin = resolve(root, 'node_modules', '.bin')
const results = []
let chromiumPath = ''
let reason = ''

function exec(command, args, env = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`)
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      // No stdin: CI has none, and nothing here is interactive.
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, ...env },
    })
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
  { name: 'typecheck (tsc -b)', run: () => exec('tsc', ['-b']) },
  { name: 'format (prettier --check .)', run: () => exec('prettier', ['--check', '.']) },
  {
    name: 'tests (vitest run)',
    run: () => exec('vitest', ['run'], { CHROMIUM_PATH: chromiumPath }),
  },
]

function summary() {
  const format = (ms) => `${(ms / 1000).toFixed(1)} s`
  console.log('\nnpm test summary')
  for (const r of results) console.log(`  ${r.ok ? 'pass' : 'FAIL'}  ${r.name}  ${format(r.ms)}`)
  for (const s of stages.slice(results.length)) console.log(`  skip  ${s.name}`)
  console.log(`  total ${format(results.reduce((sum, r) => sum + r.ms, 0))}`)
}

for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`)
  const started = Date.now()
  const code = await stage.run()
  results.push({ name: stage.name, ok: code === 0, ms: Date.now() - started })
  if (code !== 0) {
    summary()
    console.error(`\nnpm test failed at "${stage.name}": ${reason || `exit code ${code}`}`)
    process.exit(1)
  }
}
summary()
console.log('\nnpm test passed.')
