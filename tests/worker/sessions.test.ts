import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../worker/appwrite-edge/auth/crypto'
import { decodeSession } from '../../worker/appwrite-edge/auth/session'
import { firstFrame, inBackend, login, newUser, v1 } from './edge'

// The session clauses a running dev server cannot show: the cookie over https, expiry enforced
// by the server (a back-dated row), and what the sessions table actually stores.

const attrs = (line: string) => line.split(';').map((a) => a.trim().toLowerCase())

describe('sessions inside workerd', () => {
  it('marks the cookie Secure on https, and not on plain http', async () => {
    const u = await newUser('secure')
    const https = await login(u, 'https://kathelia.test')
    expect(attrs(https.line)).toEqual(
      expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']),
    )
    expect(attrs((await login(u, 'http://kathelia.test')).line)).not.toContain('secure')
    // Signing out over https clears the cookie with the same attributes.
    const out = await v1('/account/sessions/current', {
      method: 'DELETE',
      origin: 'https://kathelia.test',
      headers: { cookie: https.cookie },
    })
    expect(out.status).toBe(204)
    expect(attrs(out.headers.getSetCookie()[0])).toContain('secure')
  })

  it('refuses an expired session: 401 on /account, a guest on the realtime socket', async () => {
    const u = await newUser('expired')
    const { session, cookie } = await login(u)
    expect((await v1('/account', { headers: { cookie } })).status).toBe(200)
    expect((await firstFrame({ cookie })).data.user.$id).toBe(u.id)

    const past = new Date(Date.now() - 1000).toISOString().replace('Z', '+00:00')
    const changed = await inBackend((sql) =>
      sql.run('UPDATE sessions SET expire = ? WHERE id = ?', past, session.$id),
    )
    expect(changed).toBe(1)
    const res = await v1('/account', { headers: { cookie } })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ type: 'general_unauthorized_scope' })
    expect(await firstFrame({ cookie })).toEqual({
      type: 'connected',
      data: { channels: [], subscriptions: [], user: null },
    })
  })

  it('stores only the SHA-256 of the secret: no column of any table holds the secret', async () => {
    const u = await newUser('hashed')
    const { session, value } = await login(u)
    const { secret } = decodeSession(value)!
    expect(secret).toMatch(/^[0-9a-f]{64}$/) // 256 bits
    const stored = await inBackend((sql) => {
      const tables = sql.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table'",
      )
      const cells = tables.flatMap(({ name }) =>
        sql.all(`SELECT * FROM "${name}"`).flatMap((row) => Object.values(row).map(String)),
      )
      const row = sql.one<Record<string, string>>(
        'SELECT * FROM sessions WHERE id = ?',
        session.$id,
      )
      return { cells, row }
    })
    expect(stored.row?.secret_hash).toBe(await sha256Hex(secret))
    expect(stored.cells.filter((c) => c.includes(secret))).toEqual([])
    expect(stored.cells.filter((c) => c.includes(value))).toEqual([])
  })
})
