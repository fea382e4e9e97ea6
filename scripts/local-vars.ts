import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

// Local runs (dev server and tests) use .dev.vars when present and otherwise the documented
// defaults of .dev.vars.example, so a fresh clone needs no manual step (see vite.config.ts).
export function parseVars(text: string): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line)
    if (!m) continue
    vars[m[1]] = m[2].replace(/^"(.*)"$/, '$1')
  }
  return vars
}

/** The documented local defaults of .dev.vars.example (tests add their own on top). */
export function exampleVars(root = process.cwd()): Record<string, string> {
  return parseVars(readFileSync(resolve(root, '.dev.vars.example'), 'utf8'))
}

/**
 * `vite preview` runs the built Worker with the .dev.vars beside its built config, which the build
 * copies from the project's own. Without one, this writes the documented local defaults there, as
 * `npm run dev` uses them (the build itself never carries them). With `extra` (the benches), it
 * always writes the defaults plus `extra`, whatever the project's own file says.
 */
export function writePreviewVars(extra?: Record<string, string>, root = process.cwd()) {
  const target = resolve(root, 'dist/kathelia/.dev.vars')
  if (!extra && existsSync(resolve(root, '.dev.vars'))) return
  const vars = { ...exampleVars(root), ...extra }
  writeFileSync(
    target,
    Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  )
}
