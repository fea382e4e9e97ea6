import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'

describe('unknown routes', () => {
  it('answers an unknown /api route with 404 in the product API shape', async () => {
    const res = await exports.default.fetch('http://kathelia.test/api/nope')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = await res.json()
    expect(body).toEqual({ code: 'not_found', message: expect.stringContaining('/api/nope') })
  })

  it('answers /v1 without a project with 404 project_not_found in Appwrite shape', async () => {
    const res = await exports.default.fetch('http://kathelia.test/v1/account')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({
      message: 'Project with the requested ID could not be found.',
      code: 404,
      type: 'project_not_found',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
    })
  })

  it('answers /v1 with an unknown project the same way', async () => {
    const res = await exports.default.fetch('http://kathelia.test/v1/account', {
      headers: { 'X-Appwrite-Project': 'someone-else' },
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 404, type: 'project_not_found' })
  })
})
