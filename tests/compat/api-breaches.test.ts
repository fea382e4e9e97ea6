import { createHash } from 'node:crypto'
import { Query, TablesDB } from 'node-appwrite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startCaptureServer, type Captured, type CaptureServer } from '../fixtures/capture-server'
import {
  adapters,
  call,
  createUser,
  errorShape,
  jwtFor,
  keyClient,
  startAdapterPair,
  untilLimited,
  type AdapterPair,
} from './api-setup'

// /api/breach/check on both adapters against a local stand-in for LeakCheck's public API
// (GET ?check=<query>, { success, found, sources } or { success: false, error: "Not found" }).
const LEAK_KEY = 'leak-test-key'
const hash24 = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24)
const SOURCES = [
  { name: 'Kite.example', date: '2019-04' },
  { name: 'Almanac.example', date: '2021-11' },
]

let pair: AdapterPair
let leak: CaptureServer
let adaJwt: string, benJwt: string
let adaId: string

/** The contract: a GET with the key header and a 24-hex check; anything else fails the test. */
function leakAnswer(req: Captured) {
  const check = req.query.get('check') ?? ''
  if (req.method !== 'GET' || req.path !== '/api/public' || !/^[0-9a-f]{24}$/.test(check))
    return { status: 400, json: { success: false, error: 'wrong call' } }
  if (req.headers['x-api-key'] !== LEAK_KEY) return { status: 401, json: { success: false } }
  if (check === hash24('ada@kathelia.test'))
    return { json: { success: true, found: 2, fields: ['username'], sources: SOURCES } }
  return { json: { success: false, error: 'Not found' } }
}

beforeAll(async () => {
  leak = await startCaptureServer()
  leak.fallback = leakAnswer
  pair = await startAdapterPair({
    LEAKCHECK_URL: `${leak.url}/api/public`,
    LEAKCHECK_KEY: LEAK_KEY,
  })
  adaId = (await createUser(pair.a.url, 'ada@kathelia.test', 'Ada')).id
  await createUser(pair.a.url, 'ben@kathelia.test', 'Ben')
  ;[adaJwt, benJwt] = await Promise.all([
    jwtFor(pair.a.url, 'ada@kathelia.test'),
    jwtFor(pair.a.url, 'ben@kathelia.test'),
  ])
}, 180_000)

afterAll(async () => {
  await pair?.close()
  await leak?.close()
})

describe.each(adapters(() => pair))('breach checks (%s adapter)', (_name, url) => {
  it('says the lookup is configured', async () => {
    expect(await call(url(), '/breach/config', {}, adaJwt)).toMatchObject({
      status: 200,
      body: { leakCheck: true },
    })
  })

  it('checks the caller’s own address by default, sending only its hash, and keeps the row private', async () => {
    leak.clear()
    const r = await call(url(), '/breach/check', {}, adaJwt)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({ target: 'ada@kathelia.test', found: 2, sources: SOURCES })
    expect(leak.requests).toHaveLength(1)
    expect(JSON.stringify(leak.requests[0])).not.toContain('kathelia.test')
    const row = await new TablesDB(keyClient(pair.a.url)).getRow({
      databaseId: 'kathelia',
      tableId: 'scans',
      rowId: r.body.$id,
    })
    expect(row.$permissions).toEqual([`read("user:${adaId}")`, `delete("user:${adaId}")`])
    expect(JSON.parse(row.breaches as string)).toEqual(SOURCES)
  })

  it('answers found 0 for an address in no breach (the admin checking an allowlisted one)', async () => {
    const r = await call(url(), '/breach/check', { email: 'Ben@Kathelia.test' }, adaJwt)
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ target: 'ben@kathelia.test', found: 0, sources: [] })
  })

  it('refuses someone else’s address, a malformed one and a failed lookup', async () => {
    const other = await call(url(), '/breach/check', { email: 'ada@kathelia.test' }, benJwt)
    expect(other.status).toBe(403)
    expect(errorShape(other).message).toBe('You can check only your own email address')
    const stranger = await call(url(), '/breach/check', { email: 'eve@evil.test' }, adaJwt)
    expect(stranger.status).toBe(403)
    const bad = await call(url(), '/breach/check', { email: 'not-an-address' }, adaJwt)
    expect(bad.status).toBe(400)
    expect(errorShape(bad).code).toBe('validation_failed')
    leak.script({ status: 500, text: 'oops' })
    const down = await call(url(), '/breach/check', {}, benJwt)
    expect(down.status).toBe(502)
    expect(errorShape(down).code).toBe('bad_gateway')
    expect(await call(url(), '/breach/check', {})).toMatchObject({ status: 401 })
  })
})

describe('breach checks, limits and switch', () => {
  it('limits checks per user', async () => {
    const limited = await untilLimited(() => call(pair.a.url, '/breach/check', {}, benJwt), 8)
    expect(limited.headers.get('retry-after')).toBe('60')
    expect(errorShape(limited).code).toBe('rate_limited')
  })

  it('is off, and says which variable enables it, without LEAKCHECK_URL', async () => {
    const server = inject('serverUrl')
    await createUser(server, 'dummy@kathelia.test', 'Dee').catch(() => undefined)
    const jwt = await jwtFor(server, 'dummy@kathelia.test')
    expect(await call(server, '/breach/config', {}, jwt)).toMatchObject({
      body: { leakCheck: false },
    })
    const off = await call(server, '/breach/check', {}, jwt)
    expect(off.status).toBe(409)
    expect(errorShape(off)).toEqual({
      code: 'breach_check_off',
      message: 'Breach checks are off: set LEAKCHECK_URL to enable them',
    })
  })

  it('lists the owner’s scans only', async () => {
    const rows = await new TablesDB(keyClient(pair.a.url)).listRows({
      databaseId: 'kathelia',
      tableId: 'scans',
      queries: [Query.equal('target', 'ada@kathelia.test')],
    })
    expect(rows.rows.every((r) => r.$permissions.includes(`read("user:${adaId}")`))).toBe(true)
  })
})
