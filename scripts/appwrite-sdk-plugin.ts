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

/**
 * The Appwrite web SDK as the client build bundles it, with `pureAppwriteSdk` applied: its unused
 * enums (Timezone alone is 15 KB minified) and helper classes (Operator) leave the signed-in
 * chunk, 24 KB minified in all. The Worker and Node keep the file as shipped.
 */
export function appwriteSdkEnums(): Plugin {
  return {
    name: 'kathelia-appwrite-sdk-pure',
    applyToEnvironment: (env) => env.name === 'client',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]appwrite[\\/]dist[\\/]esm[\\/]sdk\.js$/ },
      handler(code) {
        const { code: out, enums, classes } = pureAppwriteSdk(code)
        return enums.length || classes.length ? { code: out, map: null } : null
      },
    },
  }
}
