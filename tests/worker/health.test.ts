import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'

// Runs inside workerd against the Worker's own fetch handler (wrangler.toml + example vars).
describe('GET /api/health', () => {
  it('reports the version and the embedded backend', async () => {
    const res = await exports.default.fetch('http://kathelia.test/api/health')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({ status: 'ok', version: '1.0.7', backend: 'embedded' })
  })
})
