import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { bundleShares } from './fixtures/bundle-share'

// `wrangler deploy --dry-run` on the build: what Cloudflare would receive, without an account.
// Workers Free takes at most 3 MB gzipped and every KB is start-up time in a cold isolate, so the
// budget is kept far lower (the 300 KB), and the test says what fills it.
const BUDGET_KIB = 300
const wrangler = resolve(import.meta.dirname, '../../node_modules/.bin/wrangler')
const outDir = mkdtempSync(join(tmpdir(), 'kathelia-dry-run-'))

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

const jsIn = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.js'))

describe('wrangler deploy --dry-run of the production build', () => {
  it(`uploads a Worker of at most ${BUDGET_KIB} KiB gzipped, exactly the built bundle`, async () => {
    const build = join(inject('prodBuilds').embedded, 'kathelia')
    const { stdout } = await promisify(execFile)(
      wrangler,
      ['deploy', '--dry-run', '--outdir', outDir, '-c', join(build, 'wrangler.json')],
      { cwd: outDir, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' } },
    )
    const m = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(stdout)
    expect(m, `no upload size in wrangler's output:\n${stdout}`).not.toBeNull()
    const [raw, gzip] = [Number(m![1]), Number(m![2])]

    // The dry run uploads the build's Worker module as it is (no second bundling).
    const [bundle] = jsIn(join(build, 'assets'))
    expect(jsIn(join(outDir, 'assets'))).toEqual([bundle])
    const built = readFileSync(join(build, 'assets', bundle!))
    expect(readFileSync(join(outDir, 'assets', bundle!)).equals(built)).toBe(true)

    const shares = bundleShares(join(build, 'assets', bundle!))
    const lines = shares
      .slice(0, 8)
      .map((s) => `  ${((s.bytes / built.length) * 100).toFixed(1).padStart(5)}%  ${s.group}`)
    console.log(
      `Worker upload: ${gzip} KiB gzipped (budget ${BUDGET_KIB} KiB, ${(gzip / BUDGET_KIB).toFixed(2)}× of it), ` +
        `${raw} KiB raw. Largest shares of the raw bundle:\n${lines.join('\n')}`,
    )
    expect(gzip).toBeLessThanOrEqual(BUDGET_KIB)
  }, 60_000)
})
