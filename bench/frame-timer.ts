import type { Page } from 'playwright-core'

declare global {
  interface Window {
    __benchAt?: (number | null)[]
  }
}

/**
 * Times JS conditions from inside the page, from before its first script: each is checked on
 * every animation frame (so it holds only once the page can render: its stylesheets are in)
 * and its first hold is kept as `performance.now()`, ms from navigation start. Set up before
 * `page.goto`; the returned function waits for every time. Waiting in the page matters: a
 * page that renders before its load event (the Worker's first paint) would otherwise be timed
 * from whenever `goto` returned.
 */
export async function frameTimer(page: Page, conditions: string[]) {
  // A string, not a function: tsx's transform adds helpers a serialized function cannot reach.
  await page.addInitScript(`{
    const checks = [${conditions.map((c) => `() => (${c})`).join(', ')}]
    const at = (window.__benchAt = checks.map(() => null))
    const frame = () => {
      const now = performance.now()
      checks.forEach((check, i) => {
        if (at[i] === null && check()) at[i] = now
      })
      if (at.includes(null)) requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  }`)
  return async (timeout = 60_000): Promise<number[]> => {
    const done = await page.waitForFunction(
      () => window.__benchAt && !window.__benchAt.includes(null) && window.__benchAt,
      undefined,
      { timeout },
    )
    return (await done.jsonValue()) as number[]
  }
}
