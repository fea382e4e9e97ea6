import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

// `var Flag;\n(function (Flag) {\n ... \n})(Flag || (Flag = {}));` as TypeScript emits an enum.
const ENUM = /^var (\w+);\n\(function \(\1\) \{\n([\s\S]*?)\n\}\)\(\1 \|\| \(\1 = \{\}\)\);$/gm
// A class, then what follows it up to the next top-level declaration.
const CLASS =
  /^class (\w+) \{\n(?:[\s\S]*?\n)??\}\n([\s\S]*?)(?=^(?:var|class|const|let|function|export) )/gm

/**
 * Rewrites the SDK's enums (TypeScript's `(function (E) { E["A"] = "a"; })(E || (E = {}))`) and
 * its classes whose static members are assigned after the class (`Operator.increment = ...`) as
 * pure calls returning the same object. A bundler must keep the original forms as possible side
 * effects; the pure ones it drops when nothing reads them. Every line keeps its number, so the
 * package's source map still holds. Returns the names rewritten.
 */
export function pureAppwriteSdk(code: string) {
  const enums: string[] = []
  const classes: string[] = []
  const out = code
    .replace(ENUM, (_, name: string, body: string) => {
      enums.push(name)
      return `var ${name} = /* @__PURE__ */ (function (${name}) {\n\n${body}\n    return ${name}; })({});`
    })
    .replace(CLASS, (whole: string, name: string, tail: string) => {
      // Only assignments to the class's own statics (with their comments) may follow it.
      const statements = tail.split('\n').filter((l) => /^[\w$]/.test(l))
      if (!statements.length || !statements.every((l) => l.startsWith(`${name}.`))) return whole
      classes.push(name)
      // The return goes on the last line (blank, or a statement without a line comment).
      const last = whole.slice(whole.lastIndexOf('\n', whole.length - 2) + 1, -1)
      const body = last.includes('//') ? whole : whole.slice(0, -1)
      const gap = last === '' || body === whole ? '' : ' '
      return `var ${name} = /* @__PURE__ */ (() => { ${body}${gap}return ${name}; })();\n`
    })
  return { code: out, enums, classes }
}

// The SDK's services the SPA constructs (web/lib/appwrite.ts). Their methods are class members,
// which no bundler drops: Account alone is 28 KB minified, for 16 of its 65 methods in use.
const SERVICES = ['Account', 'TablesDB', 'Storage']
const METHOD = /^ {4}(?:async )?([A-Za-z_$][\w$]*)\(.*\) \{$/

/**
 * Blanks the methods of the SDK's service classes the app never reaches as members (the lines
 * stay, empty, so the source map holds), the Client's own realtime unless the code subscribes
 * through it (`dropLegacyRealtime`), and the Client's setters and Realtime's presence the app
 * never reaches. Throws when a service is not found in the shape it expects, so an SDK upgrade
 * that changes its emit fails the build instead of shipping a half-trimmed class. Returns the
 * methods removed, as `Class.method`.
 */
export function trimAppwriteServices(code: string, used: ReadonlySet<string>) {
  const lines = code.split('\n')
  const removed: string[] = []
  for (const name of SERVICES) {
    const start = lines.indexOf(`class ${name} {`)
    const end = lines.indexOf('}', start)
    if (start < 0 || end < 0 || lines[start + 1] !== '    constructor(client) {')
      throw new Error(`appwrite SDK: class ${name} is not where the build expects it`)
    removed.push(
      ...blankMethods(lines, name, start, end, (m) => m === 'constructor' || used.has(`.${m}`)),
    )
  }
  if (!used.has(CLIENT_SUBSCRIBE)) removed.push(...dropLegacyRealtime(lines))
  removed.push(...trimOptional(lines, used))
  removed.push(...trimQueryHelpers(lines, used))
  return { code: lines.join('\n'), removed }
}

// Methods nothing in the SDK calls, per class: the Client's setters (locale, dev key,
// impersonation...), ping and getHeaders, and Realtime's presence (Appwrite's own, which the app
// does not use: its presence is its own rows). Their other methods serve the services.
const OPTIONAL: Record<string, RegExp> = {
  Client: /^(set[A-Z]\w*|ping|getHeaders)$/,
  Realtime: /^upsertPresence$/,
}

/** Blanks the OPTIONAL methods the app never reaches (web/lib/appwrite.ts sets two). */
function trimOptional(lines: string[], used: ReadonlySet<string>): string[] {
  return Object.entries(OPTIONAL).flatMap(([name, optional]) => {
    const start = lines.findIndex((l) => l.endsWith(`class ${name} {`))
    const end = lines.indexOf('}', start)
    if (start < 0 || end < 0)
      throw new Error(`appwrite SDK: class ${name} is not where the build expects it`)
    return blankMethods(lines, name, start, end, (m) => !optional.test(m) || used.has(`.${m}`))
  })
}

/** Blanks the methods of the class on lines start..end that `keep` refuses; returns them. */
function blankMethods(
  lines: string[],
  name: string,
  start: number,
  end: number,
  keep: (method: string) => boolean,
): string[] {
  const removed: string[] = []
  for (let i = start + 1; i < end; i++) {
    const method = METHOD.exec(lines[i]!)?.[1]
    if (!method || keep(method)) continue
    const close = lines.indexOf('    }', i)
    if (close < 0 || close > end) throw new Error(`appwrite SDK: ${name}.${method} has no end`)
    lines.fill('', i, close + 1)
    removed.push(`${name}.${method}`)
    i = close
  }
  return removed
}

/**
 * Blanks the `Query.x = ...` helpers (55, assigned after the class: geometry, vectors, dates...)
 * the app never calls as `Query.x` (`namesIn` lists those as "Query.x": a bare word such as
 * `search` or `offset` names other things too); the app builds its queries with a handful. A
 * statement ends at the first line ending in ";".
 */
function trimQueryHelpers(lines: string[], used: ReadonlySet<string>): string[] {
  const removed: string[] = []
  const start = lines.findIndex((l) => l.endsWith('class Query {'))
  const end = lines.indexOf('return Query; })();', start)
  if (start < 0 || end < 0)
    throw new Error('appwrite SDK: class Query is not where the build expects it')
  for (let i = start; i < end; i++) {
    const name = /^Query\.(\w+) = /.exec(lines[i]!)?.[1]
    if (!name || used.has(`Query.${name}`)) continue
    let last = i
    while (last < end && !lines[last]!.endsWith(';')) last++
    lines.fill('', i, last + 1)
    removed.push(`Query.${name}`)
    i = last
  }
  return removed
}

// Marks browser code that subscribes through the Client itself (`client.subscribe(...)`), the
// SDK's older realtime; the app's one connection is the `Realtime` service (web/lib/realtime.ts).
const CLIENT_SUBSCRIBE = 'client.subscribe'

/**
 * Blanks the Client's own realtime (its `realtime` socket state, 180 lines built in the
 * constructor, and `subscribe`, 5 KB minified), which only `client.subscribe` uses; the `Realtime`
 * service has a socket of its own. The constructor keeps `this.realtime = undefined`.
 */
function dropLegacyRealtime(lines: string[]): string[] {
  // pureAppwriteSdk has wrapped the class (its statics follow it).
  const start = lines.findIndex((l) => l.endsWith('class Client {'))
  const end = lines.indexOf('}', start)
  const state = lines.indexOf('        this.realtime = {', start)
  const stateEnd = lines.indexOf('        };', state)
  const sub = lines.indexOf('    subscribe(channels, callback, queries = []) {', start)
  const subEnd = lines.indexOf('    }', sub)
  if ([start, state, sub].some((i) => i < 0) || stateEnd > end || subEnd > end || sub > end)
    throw new Error("appwrite SDK: the Client's realtime is not where the build expects it")
  lines.fill('', state, stateEnd + 1)
  lines[state] = '        this.realtime = undefined;'
  lines.fill('', sub, subEnd + 1)
  return ['Client.realtime', 'Client.subscribe']
}

/**
 * Every identifier (and word inside a string) in the app's browser code: a method named nowhere
 * there cannot be called by it (kept conservative on purpose: a name that appears at all is
 * kept); each name reached as a member, as ".x" (a service's method is kept only then: the
 * app's own `createSession()` keeps no SDK method of that name); and each Query helper it calls,
 * as "Query.x". A `client.subscribe(` anywhere adds the marker that keeps the Client's own
 * realtime.
 */
export function namesIn(dirs: string[]): Set<string> {
  const names = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8')
        for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) names.add(m[0])
        for (const m of text.matchAll(/\bQuery\.(\w+)/g)) names.add(`Query.${m[1]}`)
        // A method is reached as a member (`account.get()`, `.then(account.get)`), never bare.
        for (const m of text.matchAll(/\.\s*([A-Za-z_$][\w$]*)/g)) names.add(`.${m[1]}`)
        // Any receiver whose name ends in "client" (appwriteClient, client), any case.
        if (/client\s*\??\.\s*subscribe\b/i.test(text)) names.add(CLIENT_SUBSCRIBE)
      }
    }
  }
  dirs.forEach(walk)
  return names
}

/**
 * The Appwrite web SDK as the client build bundles it, with `pureAppwriteSdk` applied: its unused
 * enums (Timezone alone is 15 KB minified) and helper classes (Operator) leave the signed-in
 * chunk, 24 KB minified in all. A build (not the dev server, whose code may call a method the
 * running server never scanned for) also drops the service methods the app never names
 * (`trimAppwriteServices`, scanning `sources`). The Worker and Node keep the file as shipped.
 */
export function appwriteSdkEnums(sources: string[]): Plugin {
  let build = false
  return {
    name: 'kathelia-appwrite-sdk-pure',
    applyToEnvironment: (env) => env.name === 'client',
    configResolved(config) {
      build = config.command === 'build'
    },
    transform: {
      filter: { id: /[\\/]node_modules[\\/]appwrite[\\/]dist[\\/]esm[\\/]sdk\.js$/ },
      handler(code) {
        const { code: pure } = pureAppwriteSdk(code)
        const out = build ? trimAppwriteServices(pure, namesIn(sources)).code : pure
        return out === code ? null : { code: out, map: null }
      },
    },
  }
}
