import type { Locator, Page } from 'playwright-core'

// The admin's partner details: a disclosure button beside the partner's name and its panel, shown
// while the admin view (a switch in the profile menu) is on.

export const detailsToggle = (page: Page): Locator =>
  page.getByRole('button', { name: 'Show partner details' })

/** Opens the panel (unless open) and returns it. */
export async function openPartnerDetails(page: Page): Promise<Locator> {
  const toggle = detailsToggle(page)
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  const panel = page.getByRole('region', { name: 'Partner details' })
  await panel.waitFor()
  return panel
}

/** The details as the panel lists them: label → value. */
export const readPartnerDetails = (panel: Locator): Promise<Record<string, string>> =>
  panel.evaluate((el) =>
    Object.fromEntries(
      Array.from(el.querySelectorAll('dt')).map((dt) => [
        dt.textContent?.trim() ?? '',
        dt.nextElementSibling?.textContent?.trim() ?? '',
      ]),
    ),
  )

/**
 * Each value as a reader sees it: [label, problem] for every value that is not on screen in full
 * (hidden, outside the viewport, or cut off by its box); empty when all can be read.
 */
export const unreadableDetails = (panel: Locator): Promise<string[][]> =>
  panel.evaluate((el) =>
    Array.from(el.querySelectorAll('dd')).flatMap((dd) => {
      const label = dd.previousElementSibling?.textContent ?? '?'
      const r = dd.getBoundingClientRect()
      const style = getComputedStyle(dd)
      if (!dd.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || !r.width)
        return [[label, 'hidden']]
      if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
        return [[label, `outside the viewport (${Math.round(r.left)}–${Math.round(r.right)})`]]
      if (dd.scrollWidth > dd.clientWidth + 1 || style.textOverflow === 'ellipsis')
        return [[label, 'cut off']]
      return []
    }),
  )

export async function openProfileMenu(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click()
  return page.getByRole('menu', { name: 'Profile' })
}

/** Switches the admin view on or off in the profile menu. */
export async function setAdmin(page: Page, on: boolean) {
  const toggle = (await openProfileMenu(page)).getByRole('menuitemcheckbox', { name: 'Admin' })
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click()
  await page.keyboard.press('Escape')
  await detailsToggle(page).waitFor({ state: on ? 'visible' : 'detached' })
}
