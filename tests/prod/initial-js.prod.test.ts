import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, inject, it } from 'vitest'

// Issue 17's goals for the initial JavaScript of the deployable build, gzip -9 as `npm run bench`
// counts it: a visitor's sign-in screen runs the entry and its static imports, and the sign-in
// screen's chunk index.html preloads (`data-signed-out`); a signed-in room runs the entry and the
// `signed-in` chunk the Worker preloads (<meta name="kathelia-signed-in">) instead.
const SIGN_IN_KB = 105
const ROOM_KB = 150

const client = () => join(inject('prodBuilds').embedded, 'client')
const html = () => readFileSync(join(client(), 'index.html'), 'utf8')

/** The scripts a page runs before anything lazy: these files and their static imports. */
function closure(files: string[], seen = new Set<string>()): Set<string> {
  for (const file of files) {
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(client(), file), 'utf8')
    // Static imports only (`import{a}from"./x.js"`, `import"./x.js"`); import("./x.js") is lazy.
    const deps = [
      ...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g),
    ]
    closure(
      deps.map((m) => join(file, '..', m[1]!)),
      seen,
    )
  }
  return seen
}

const kb = (files: Set<string>) =>
  [...files].reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(client(), f)), { level: 9 }).length,
    0,
  ) / 1024

describe('initial JavaScript of the production build (gzip -9)', () => {
  it(`is at most ${SIGN_IN_KB} KB for a visitor's sign-in screen and ${ROOM_KB} KB for a signed-in room`, () => {
    const entries = [...html().matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)].map(
      (m) => m[1]!,
    )
    const signedIn = /<meta name="kathelia-signed-in" content="([^"]+)"/.exec(html())?.[1]
    expect(entries).toHaveLength(1)
    expect(signedIn, 'the signed-in chunk is named for the Worker').toBeTruthy()
    const signedOut = [
      ...html().matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)" data-signed-out/g),
    ].map((m) => m[1]!)
    expect(signedOut, "the sign-in screen's chunk is preloaded").toHaveLength(1)
    const first = closure(entries)
    const signIn = closure(signedOut, new Set(first))
    const room = closure(
      signedIn!
        .split(' ')
        .filter((f) => f.endsWith('.js'))
        .map((f) => f.slice(1)),
      new Set(first),
    )
    // Neither screen runs the other's chunk.
    expect(room.has(signedOut[0]!)).toBe(false)
    expect([...signIn].some((f) => signedIn!.includes(`/${f}`))).toBe(false)
    const [signInKb, roomKb] = [kb(signIn), kb(room)]
    console.log(
      `initial JS: sign-in ${signInKb.toFixed(1)} KB (${signIn.size} files, goal ≤ ${SIGN_IN_KB}), ` +
        `room ${roomKb.toFixed(1)} KB (${room.size} files, goal ≤ ${ROOM_KB})`,
    )
    expect(signInKb).toBeLessThanOrEqual(SIGN_IN_KB)
    expect(roomKb).toBeLessThanOrEqual(ROOM_KB)
  })
})
