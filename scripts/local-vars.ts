import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

// Local runs (dev server and tests) use .dev.vars when present and otherwise the documented
// defaults of .dev.vars.example, so a fresh clone needs no manual step.
export function parseVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line)
    if (!m) continue
    vars[m[1]] = m[2].replace(/^"(.*)"$/, '$1')
  }
  return vars
}

export function localVars(root = process.cwd()): { vars: Record<string, string>; file: string } {
  const own = resolve(root, '.dev.vars')
  const file = existsSync(own) ? own : resolve(root, '.dev.vars.example')
  return { vars: parseVars(readFileSync(file, 'utf8')), file }
}

/** Example defaults, then KATHELIA_VARS (JSON) from a test that points services at capture servers. */
export function exampleVars(root = process.cwd()): Record<string, string> {
  const base = parseVars(readFileSync(resolve(root, '.dev.vars.example'), 'utf8'))
  const extra = process.env.KATHELIA_VARS
    ? (JSON.parse(process.env.KATHELIA_VARS) as Record<string, string>)
    : {}
  return { ...base, ...extra }
}
