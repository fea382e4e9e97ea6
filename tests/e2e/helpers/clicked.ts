import type { Page } from 'playwright-core'

/**
 * Whether the page's button named `name` has been clicked since this call. The page notes the
 * click ahead of the app's own handler (a listener on the document, in the capture phase), so a
 * route can let through only what the click sends: the app's own tries before it (a lost send
 * or upload is tried again by itself) still fail, and a try that draws the button anew does not
 * lose the note.
 */
export async function clickedYet(page: Page, name: string): Promise<() => Promise<boolean>> {
  const key = `__clicked ${name}`
  await page.evaluate(
    ([name, key]) => {
      delete (window as unknown as Record<string, unknown>)[key]
      document.addEventListener(
        'click',
        (e) => {
          if ((e.target as Element).closest('button')?.textContent === name)
            Object.assign(window, { [key]: true })
        },
        true,
      )
    },
    [name, key] as const,
  )
  return () => page.evaluate((key) => key in window, key).catch(() => false)
}
