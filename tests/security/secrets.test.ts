import { describe, expect, it } from 'vitest'
import { call, config, edgeRoutes, fillPath, KEY, signIn, workerRoutes } from './edge'

// Secrets in responses: no answer of any GET route (from the route tables), read as a user or
// with the API key, nor of the product API, carries a server secret, a password or its hash.
const SECRETS = [config.AUTH_SECRET, config.PASSWORD_PEPPER, config.EMBEDDED_API_KEY]
const FORBIDDEN_FIELD = /"(password|passwordHash|hash|secret_hash|pepper|salt)"\s*:\s*"[^"]+/i

describe('secrets in responses', () => {
  it('appear in no answer of any GET route, as a user or with the key', async () => {
    const ada = await signIn('ada@kathelia.test')
    const ids: Record<string, string> = {
      userId: ada.userId,
      databaseId: 'kathelia',
      tableId: 'messages',
      collectionId: 'messages',
      bucketId: 'files',
      teamId: 'user',
      sessionId: 'current',
    }
    const gets = [...edgeRoutes, ...workerRoutes].filter((r) => r.method === 'GET')
    let read = 0
    for (const r of gets) {
      const path = fillPath(r.path, (name) => ids[name] ?? 'x')
      const callers: [string, Record<string, string>][] = [
        ['cookie', { cookie: ada.cookie }],
        ['jwt', { authorization: `Bearer ${ada.jwt}`, 'x-appwrite-jwt': ada.jwt }],
        ['key', KEY],
      ]
      for (const [who, headers] of callers) {
        const text = await (await call(path, { headers })).text()
        read++
        for (const s of SECRETS) expect(text, `${path}`).not.toContain(s)
        // The server's users API shows the key holder password hashes, as Appwrite's does (for
        // migrations); a user's own credentials never see one.
        if (who === 'key') continue
        expect(text, `${path} as ${who}`).not.toMatch(FORBIDDEN_FIELD)
        expect(text, `${path} as ${who}`).not.toContain('pbkdf2')
      }
    }
    expect(read).toBeGreaterThan(60)
  })
})
