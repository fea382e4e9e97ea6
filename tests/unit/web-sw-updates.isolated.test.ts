import { afterEach, expect, it, vi } from 'vitest'

// A chat tab left open for days learns of a new version: the service worker registration is asked
// again when the tab comes back into view (at most every 10 minutes) and every hour.
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

it('asks for an update on return to the tab (not twice in 10 minutes) and hourly', async () => {
  vi.useFakeTimers()
  const page = Object.assign(new EventTarget(), { hidden: false })
  vi.stubGlobal('document', page)
  vi.stubGlobal('navigator', { onLine: true })
  const { watchForUpdates } = await import('../../web/features/pwa/register-sw')
  const update = vi.fn(async () => undefined)
  watchForUpdates({ update } as never)
  const show = () => page.dispatchEvent(new Event('visibilitychange'))

  // Registered just now: a quick tab switch asks nothing.
  vi.advanceTimersByTime(5 * 60_000)
  show()
  expect(update).not.toHaveBeenCalled()
  // Back after a while: asks once, then not again right away.
  vi.advanceTimersByTime(6 * 60_000)
  show()
  show()
  expect(update).toHaveBeenCalledTimes(1)
  // Hidden tabs do not ask on their way out.
  page.hidden = true
  vi.advanceTimersByTime(11 * 60_000)
  show()
  expect(update).toHaveBeenCalledTimes(1)
  // The hourly check.
  page.hidden = false
  vi.advanceTimersByTime(60 * 60_000)
  expect(update).toHaveBeenCalledTimes(2)
})
