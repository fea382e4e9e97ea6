import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { ARGS, chromiumPath } from './browser'

// Global setup of the e2e project: one headless Chromium for the run, which each file connects
// to (launchBrowser in browser.ts) instead of starting its own.
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: chromiumPath(),
    headless: true,
    args: ARGS,
  })
  project.provide('browserServer', server.wsEndpoint())
  return () => server.close()
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserServer?: string
  }
}
