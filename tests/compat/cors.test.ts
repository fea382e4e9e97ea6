import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { PROJECT } from './helpers/server-sdk'

// CORS on /v1 as Appwrite answers it: an allowed Origin is echoed (never `*`) with credentials,
// because the web SDK sends `credentials: 'include'`; a foreign Origin is refused outright. Own
// server, so APP_ORIGINS can name an origin other than the server's own.

const APP = 'https://app.kathelia.test'
let server: AppServer

beforeAll(async () => {
  server = await startAppServer({ APP_ORIGINS: APP })
})
afterAll(() => server?.close())

const account = (init: RequestInit = {}) =>
  fetch(`${server.url}/v1/account`, {
    ...init,
    headers: { 'x-appwrite-project': PROJECT, ...init.headers },
  })

describe('CORS on /v1', () => {
  it.each([
    ['a configured origin', () => APP],
    ['the same origin', () => server.url],
  ])('echoes %s with credentials, also on an error', async (_, origin) => {
    const res = await account({ headers: { origin: origin() } })
    expect(res.status).toBe(401) // a guest on /account: the CORS headers ride on errors too
    expect(res.headers.get('access-control-allow-origin')).toBe(origin())
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect(res.headers.get('vary')).toMatch(/Origin/)
  })

  it('answers a preflight with the methods and headers the SDKs send', async () => {
    const res = await account({
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type, x-appwrite-project, x-sdk-version',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(APP)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect(res.headers.get('access-control-allow-methods')).toMatch(/\bPATCH\b/)
    const allowed = res.headers.get('access-control-allow-headers')!.split(/,\s*/)
    expect(allowed).toEqual(
      expect.arrayContaining(['content-type', 'x-appwrite-project', 'x-sdk-version']),
    )
    expect(await res.text()).toBe('')
  })

  it('refuses a foreign origin with 403 general_unknown_origin and no CORS headers', async () => {
    for (const method of ['GET', 'OPTIONS']) {
      const res = await account({ method, headers: { origin: 'https://evil.test' } })
      expect(res.status, method).toBe(403)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(await res.json()).toEqual({
        message:
          'Invalid Origin. Register your new client as a new Web platform on your project console dashboard',
        code: 403,
        type: 'general_unknown_origin',
        version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      })
    }
  })

  it('sends no CORS headers without an Origin (server-side SDKs)', async () => {
    const res = await account()
    expect(res.status).toBe(401)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})
