import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The unit files share one process (vitest.config.ts): a replaced module or global would stay
// replaced for the files after it. Those that replace one must run apart, by their name.
const dir = import.meta.dirname
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/

describe('unit files that replace a module or a global', () => {
  it('are named *.isolated.test.ts, so they run in a fresh process', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.test.ts'))
    const replacing = files.filter((f) => REPLACES.test(readFileSync(join(dir, f), 'utf8')))
    expect(replacing.length).toBeGreaterThan(0)
    expect(replacing.filter((f) => !f.endsWith('.isolated.test.ts'))).toEqual([])
  })
})
