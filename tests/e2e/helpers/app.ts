import { afterAll, beforeAll } from 'vitest'
import { startAppServer, type AppServer } from '../../fixtures/app-server'
import { launchBrowser, type TestBrowser } from './browser'

/**
 * The real app server and a Chromium for one test file: started before its tests, stopped after
 * them (hooks run as a stack, so the file's own afterAll closes its pages first). Read the fields
 * inside tests and hooks: they are set once the servers are up.
 */
export function useAppAndBrowser(vars: Record<string, string> = {}) {
  const app = {} as { server: AppServer; chrome: TestBrowser }
  beforeAll(async () => {
    ;[app.server, app.chrome] = await Promise.all([startAppServer(vars), launchBrowser()])
  })
  afterAll(async () => {
    await app.chrome?.close()
    await app.server?.close()
  })
  return app
}
