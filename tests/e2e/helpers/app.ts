import { exampleVars } from '../../../scripts/local-vars'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { startAppServer, type AppServer, type AppServerOptions } from '../../fixtures/app-server'
import { launchBrowser, openPage, type TestBrowser, type TestPage } from './browser'

/**
 * The real app server and a Chromium for one test file: started before its tests, stopped after
 * them (hooks run as a stack, so the file's own afterAll closes its pages first). Read the fields
 * inside tests and hooks: they are set once the servers are up.
 */
export function useAppAndBrowser(
  vars: Record<string, string> = {},
  options: AppServerOptions = {},
) {
  const app = {} as { server: AppServer; chrome: TestBrowser }
  beforeAll(async () => {
    ;[app.server, app.chrome] = await Promise.all([startAppServer(vars, options), launchBrowser()])
  })
  afterAll(async () => {
    await app.chrome?.close()
    await app.server?.close()
  })
  return app
}

/** A page in a fresh context for each test of the file (read its fields inside tests). */
export function useFreshTab(app: { chrome: TestBrowser }): TestPage {
  const tab = {} as TestPage
  beforeEach(async () => {
    Object.assign(tab, await openPage(app.chrome.browser))
  })
  afterEach(async () => {
    await tab.close?.()
  })
  return tab
}

/**
 * A /v1 call with the server API key, as an operator's tool would make it (ending a user's
 * sessions, hard-deleting a row): things the SPA itself never does.
 */
export function withServerKey(baseUrl: string, method: string, path: string): Promise<Response> {
  const vars = exampleVars()
  return fetch(new URL(`/v1${path}`, baseUrl), {
    method,
    headers: {
      'X-Appwrite-Project': vars.APPWRITE_PROJECT_ID!,
      'X-Appwrite-Key': vars.EMBEDDED_API_KEY!,
    },
  })
}
