import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { exampleVars } from '../../scripts/local-vars'
import { productionVars, startProdServer, type ProdServer } from './fixtures/prod-server'

// A deployment that forgot `wrangler secret put` still carries the published local secrets of
// .dev.vars.example: the built Worker must refuse to run with them rather than sign JWTs anyone
// can forge.
let server: ProdServer

beforeAll(async () => {
  const local = exampleVars()
  server = await startProdServer(inject('prodBuilds').embedded, (origin) => ({
    ...productionVars(origin),
    MAIL_TRANSPORT: 'http',
    MAIL_HTTP_URL: 'http://127.0.0.1:9/send',
    AUTH_SECRET: local.AUTH_SECRET!,
    PASSWORD_PEPPER: local.PASSWORD_PEPPER!,
    EMBEDDED_API_KEY: local.EMBEDDED_API_KEY!,
  }))
}, 120_000)

afterAll(async () => {
  await server?.close()
})

describe('the production build with the local default secrets', () => {
  it('answers every /api call 500 config_error and logs which secrets are wrong', async () => {
    const res = await fetch(`${server.url}/api/health`)
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({
      code: 'config_error',
      message: 'The server is misconfigured',
    })
    await expect.poll(server.log).toMatch(/AUTH_SECRET: is the published local default/)
    expect(server.log()).toMatch(/PASSWORD_PEPPER: is the published local default/)
    expect(server.log()).toMatch(/EMBEDDED_API_KEY: is the published local default/)
  })

  it('serves no backend either: /v1 answers Appwrite’s server error', async () => {
    const res = await fetch(`${server.url}/v1/account`, {
      headers: { 'X-Appwrite-Project': 'kathelia' },
    })
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({ type: 'general_server_error' })
  })
})
