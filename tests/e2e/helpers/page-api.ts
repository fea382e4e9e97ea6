import type { Page } from 'playwright-core'
import { exampleVars } from '../../../scripts/local-vars'

// Calls made as a page's signed-in user, from the test: the session is the page's own cookie
// (read inside the page, where the browser sends it), the calls the ones the SPA makes. The
// tests run the deployable build, whose modules a test cannot import by their source path.

const PROJECT = exampleVars().APPWRITE_PROJECT_ID!
const jwts = new WeakMap<Page, Promise<string>>()

/**
 * A fresh Appwrite call from inside the page, with its session cookie; rejects on an error status.
 * `origin`: the backend's, where it is not the page's own (Appwrite mode).
 */
export async function v1InPage(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  origin = '',
) {
  return page.evaluate(
    async ({ method, path, body, project, origin }) => {
      const res = await fetch(`${origin}/v1${path}`, {
        method,
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': project },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!res.ok)
        throw new Error(`${method} ${origin}/v1${path} answered ${res.status}: ${await res.text()}`)
      return res.json()
    },
    { method, path, body, project: PROJECT, origin },
  )
}

/**
 * A JWT of the page's user (POST /v1/account/jwts, as the SDK's createJWT), one per page.
 * `origin`: the backend's, as for v1InPage.
 */
export function jwtOf(page: Page, origin = ''): Promise<string> {
  if (!jwts.has(page))
    jwts.set(
      page,
      v1InPage(page, 'POST', '/account/jwts', {}, origin).then((r) => r.jwt),
    )
  return jwts.get(page)!
}

/** The page's signed-in account id. */
export const accountIdOf = async (page: Page, origin = ''): Promise<string> =>
  (await v1InPage(page, 'GET', '/account', undefined, origin)).$id

/** An /api answer that was not a success: its status and error code. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`answered ${status} ${code}`)
  }
}

/**
 * The product API (web/lib/product-api.ts routes) as the page's user: POST /api<route> with the
 * page's JWT; resolves to the answer's JSON, rejects with an ApiRefusal.
 */
export function apiAs(page: Page, baseUrl: string, v1Origin = '') {
  return async <T = any>(route: string, body: unknown): Promise<T> => {
    const res = await fetch(new URL(`/api${route}`, baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await jwtOf(page, v1Origin)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    })
    const json = await res.json()
    if (!res.ok) throw new ApiRefusal(res.status, json.code)
    return json as T
  }
}

/**
 * The partner's status as the watcher's SPA reads it (POST /api/auth/chatee-status), for a
 * failed check to say what the server held. Made while the partner's tab is open, which tells
 * its account id. `v1Origin`: the backend's, in Appwrite mode.
 */
export async function chateeStatusFor(
  watcher: Page,
  baseUrl: string,
  partner: Page,
  v1Origin = '',
) {
  const userId = await accountIdOf(partner, v1Origin)
  return () => apiAs(watcher, baseUrl, v1Origin)('/auth/chatee-status', { userId })
}
