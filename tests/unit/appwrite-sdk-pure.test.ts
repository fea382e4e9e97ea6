import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { namesIn, pureAppwriteSdk, trimAppwriteServices } from '../../scripts/appwrite-sdk-plugin'

// The client build bundles the Appwrite web SDK rewritten by pureAppwriteSdk (vite.config.ts);
// here the rewritten file runs beside the package itself and must export the same values.
const require = createRequire(import.meta.url)
const sdkPath = require.resolve('appwrite').replace(/cjs[\\/]sdk\.js$/, 'esm/sdk.js')
const source = readFileSync(sdkPath, 'utf8')
const dir = mkdtempSync(join(tmpdir(), 'kathelia-sdk-pure-'))
type Sdk = Record<string, unknown>
let original: Sdk
let rewritten: Sdk
let trimmed: Sdk
const root = join(import.meta.dirname, '..', '..')
const appNames = () => namesIn([join(root, 'web'), join(root, 'shared')])

beforeAll(async () => {
  const { code } = pureAppwriteSdk(source)
  const jsonBigint = pathToFileURL(require.resolve('json-bigint')).href
  const load = async (name: string, text: string) => {
    const file = join(dir, name)
    const runnable = text.replace("from 'json-bigint'", `from '${jsonBigint}'`)
    // The package's map stays beside the package; the copy has none.
    writeFileSync(file, runnable.replace(/^\/\/# sourceMappingURL=.*$/m, ''))
    return (await import(pathToFileURL(file).href)) as Sdk
  }
  original = (await import(pathToFileURL(sdkPath).href)) as Sdk
  rewritten = await load('sdk.mjs', code)
  trimmed = await load('sdk-trimmed.mjs', trimAppwriteServices(code, appNames()).code)
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the Appwrite SDK as the client bundles it', () => {
  it('rewrites every enum and the classes with static helpers (an SDK upgrade that changes its emit fails here)', () => {
    const { enums, classes } = pureAppwriteSdk(source)
    expect(enums).toHaveLength(17)
    expect(enums).toEqual(expect.arrayContaining(['Timezone', 'Flag', 'RealtimeCode']))
    expect(classes).toEqual(['Query', 'Client', 'Service', 'Permission', 'Operator'])
  })

  it("keeps every line's number, so the package's source map still points at the right code", () => {
    const before = source.split('\n')
    const after = pureAppwriteSdk(source).code.split('\n')
    expect(after).toHaveLength(before.length)
    expect(after.filter((line, i) => line !== before[i])).toHaveLength(17 * 3 + 5 * 2)
  })

  it('exports the same names, enums and static members', () => {
    expect(Object.keys(rewritten).sort()).toEqual(Object.keys(original).sort())
    for (const [name, value] of Object.entries(original)) {
      const other = rewritten[name]
      expect(typeof other, name).toBe(typeof value)
      if (typeof value === 'object') expect(other, name).toEqual(value)
      if (typeof value === 'function')
        expect(Object.getOwnPropertyNames(other).sort(), name).toEqual(
          Object.getOwnPropertyNames(value).sort(),
        )
    }
  })

  it('builds the same query, permission and operator strings', () => {
    type Helpers = {
      Query: Record<string, (...a: unknown[]) => string>
      Permission: Record<string, (role: string) => string>
      Role: { user(id: string): string; any(): string }
      Operator: Record<string, (...a: unknown[]) => string>
      Client: { CHUNK_SIZE: number }
    }
    const strings = (sdk: Sdk) => {
      const { Query, Permission, Role, Operator, Client } = sdk as unknown as Helpers
      return [
        Query.equal('roomId', ['home']),
        Query.orderDesc('seq'),
        Query.limit(100),
        Query.cursorBefore('row-1'),
        Query.or([Query.equal('a', 1), Query.isNull('b')]),
        Query.between('n', 1, 9),
        Permission.read(Role.user('ada')),
        Permission.delete(Role.any()),
        Operator.increment(2, 10),
        Operator.arrayAppend(['x']),
        Client.CHUNK_SIZE,
      ]
    }
    expect(strings(rewritten)).toEqual(strings(original))
  })
})

describe("the build's SDK without the service methods the app never names", () => {
  type Service = { prototype: Record<string, unknown> }
  const services = {
    account: 'Account',
    tablesDB: 'TablesDB',
    tables: 'TablesDB',
    storage: 'Storage',
  }

  it('keeps every method the browser code calls on the account, tables and storage services', () => {
    const calls = new Set<string>()
    for (const dir of ['web', 'shared'])
      for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }))
        if (/\.tsx?$/.test(file))
          for (const m of readFileSync(join(root, dir, file), 'utf8').matchAll(
            /\b(account|tablesDB|tables|storage)\.(\w+)\(/g,
          ))
            calls.add(`${services[m[1] as keyof typeof services]}.${m[2]}`)
    expect(calls.size).toBeGreaterThan(15)
    for (const call of calls) {
      const [cls, method] = call.split('.') as [string, string]
      expect(typeof (trimmed[cls] as Service).prototype[method], call).toBe('function')
    }
  })

  it('drops the others (multi-factor, OAuth, transactions), keeping line numbers and exports', () => {
    const { code, removed } = trimAppwriteServices(pureAppwriteSdk(source).code, appNames())
    expect(removed).toEqual(
      expect.arrayContaining([
        'Account.createMfaChallenge',
        'Account.createOAuth2Session',
        // Named in the app only as its own function (auth/create-session.ts), never as a member.
        'Account.createSession',
        'TablesDB.createTransaction',
      ]),
    )
    // Every method removed (the Client's realtime state is an instance field, the Query helpers
    // statics: tests below).
    for (const gone of removed.filter((r) => r !== 'Client.realtime' && !r.startsWith('Query.'))) {
      const [cls, method] = gone.split('.') as [string, string]
      expect((trimmed[cls] as Service).prototype[method], gone).toBeUndefined()
      expect(typeof (original[cls] as Service).prototype[method], gone).toBe('function')
    }
    expect(code.split('\n')).toHaveLength(source.split('\n').length)
    expect(Object.keys(trimmed).sort()).toEqual(Object.keys(original).sort())
  })

  it("drops the Client's own realtime, which the app's Realtime service does not use", () => {
    const { removed } = trimAppwriteServices(pureAppwriteSdk(source).code, appNames())
    expect(removed).toEqual(expect.arrayContaining(['Client.realtime', 'Client.subscribe']))
    type Ctor = new (client?: unknown) => Record<string, unknown>
    const client = new (trimmed.Client as Ctor)()
    expect(client.realtime).toBeUndefined()
    expect(client.subscribe).toBeUndefined()
    expect(typeof new (original.Client as Ctor)().subscribe).toBe('function')
    // The service the app subscribes with still has its own socket and methods.
    const realtime = new (trimmed.Realtime as Ctor)(client)
    for (const m of ['subscribe', 'onOpen', 'onError', 'disconnect'])
      expect(typeof realtime[m], m).toBe('function')
  })

  // web/lib/appwrite.ts sets the endpoint and the project.
  it("drops the Client's setters and ping the app never names; the ones it uses still set", () => {
    const { removed } = trimAppwriteServices(pureAppwriteSdk(source).code, appNames())
    expect(removed).toEqual(
      expect.arrayContaining([
        'Client.setDevKey',
        'Client.setImpersonateUserId',
        'Client.ping',
        'Client.getHeaders',
        'Realtime.upsertPresence',
      ]),
    )
    type Ctor = new () => Record<string, (v: string) => { config: Record<string, string> }>
    const client = new (trimmed.Client as Ctor)()
    for (const gone of ['setDevKey', 'setLocale', 'setCookie', 'setJWT', 'ping'])
      expect(client[gone], gone).toBeUndefined()
    expect(client.setProject!('kathelia').config.project).toBe('kathelia')
    expect(client.setEndpoint!('http://127.0.0.1:1/v1').config.endpoint).toBe(
      'http://127.0.0.1:1/v1',
    )
    // What the services call stays.
    for (const kept of ['call', 'prepareRequest', 'chunkedUpload'])
      expect(typeof client[kept], kept).toBe('function')
  })

  it('drops the Query helpers the app never names, and the ones it uses still build the same strings', () => {
    type Helpers = Record<string, (...a: unknown[]) => string>
    const [before, after] = [original.Query, trimmed.Query] as Helpers[]
    // `search` and `offset` are words the app uses for other things; it never calls these helpers.
    for (const gone of ['distanceEqual', 'vectorCosine', 'createdBetween', 'search', 'offset'])
      expect(after![gone], gone).toBeUndefined()
    const used = [...readdirSync(join(root, 'web'), { recursive: true, encoding: 'utf8' })]
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) => [...readFileSync(join(root, 'web', f), 'utf8').matchAll(/\bQuery\.(\w+)\(/g)])
      .map((m) => m[1]!)
    expect(new Set(used).size).toBeGreaterThan(5)
    const args = (name: string): unknown[] =>
      name === 'or' || name === 'and'
        ? [[before!.equal!('a', ['b']), before!.limit!(1)]]
        : name === 'select'
          ? [['a', 'b']]
          : ['x', [1]]
    for (const name of used)
      expect(after![name]!(...args(name)), name).toBe(before![name]!(...args(name)))
  })

  it("keeps the Client's realtime when browser code subscribes through a client", () => {
    const dir = mkdtempSync(join(tmpdir(), 'kathelia-sdk-names-'))
    try {
      writeFileSync(join(dir, 'a.ts'), 'appwriteClient.subscribe(["files"], () => {})')
      const { removed } = trimAppwriteServices(pureAppwriteSdk(source).code, namesIn([dir]))
      expect(removed).not.toContain('Client.subscribe')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses an SDK whose services are not where it expects them, instead of trimming blind', () => {
    const moved = source.replace(
      'class Account {\n    constructor(client) {',
      'class Account {\n  x() {}',
    )
    expect(() => trimAppwriteServices(moved, new Set())).toThrow(/class Account/)
    const noState = source.replace('        this.realtime = {', '        this.live = {')
    expect(() => trimAppwriteServices(noState, new Set())).toThrow(/Client's realtime/)
  })
})
