import type { Locator, Page } from 'playwright-core'
import { authCard } from './users'

// The signed-out screen as a visitor perceives it: the card's heading names the mode, its one
// notice slot is an alert (error, warning) or a status (success, info).

export const TITLES = { signIn: 'Sign in to your account', register: 'Create an account' }

export type SeenNotice = {
  role: 'alert' | 'status'
  title: string
  body: string
  /** The buttons inside the notice's text, e.g. "Resend it." */
  actions: string[]
}

/** The card's notice as text (null unless exactly one); read at once, for expect.poll. */
export async function readNotice(page: Page): Promise<SeenNotice | null> {
  const seen = await authCard(page)
    .locator('[role="alert"], [role="status"]')
    .evaluateAll((els) =>
      els.map((el) => {
        const body = el.querySelector('.notice-body')?.cloneNode(true) as HTMLElement | undefined
        const actions = Array.from(body?.querySelectorAll('button') ?? []).map((button) => {
          button.remove()
          return button.textContent?.trim() ?? ''
        })
        return {
          role: el.getAttribute('role') as SeenNotice['role'],
          title: el.querySelector('.notice-title')?.textContent?.trim() ?? '',
          body: body?.textContent?.trim() ?? '',
          actions,
        }
      }),
    )
  return seen.length === 1 ? seen[0]! : null
}

/** Waits for a visible element; on timeout the page's own errors explain a blank screen. */
export async function visible(locator: Locator, problems: string[], timeout = 20_000) {
  try {
    await locator.waitFor({ state: 'visible', timeout })
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${problems.join('\n') || 'no page errors'}`)
  }
}

export async function openRegister(page: Page, origin: string, problems: string[] = []) {
  await page.goto(origin)
  await visible(page.getByRole('heading', { name: TITLES.signIn }), problems)
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  await visible(page.getByRole('heading', { name: TITLES.register }), problems)
}

export const PASSWORD_RULE_LABELS = [
  'At least 8 characters',
  'One upper case letter',
  'One lower case letter',
  'One number',
  'One symbol',
]

/** Each password rule with its marker's state as the accessibility tree exposes it. */
export async function passwordMarkers(page: Page): Promise<string[][]> {
  const tree = await page.getByRole('list', { name: 'Password requirements' }).ariaSnapshot()
  return [...tree.matchAll(/listitem: (.+?) \((met|not met)\)/g)].map(([, rule, state]) => [
    rule!,
    state!,
  ])
}

export type RegistrationFields = {
  email: string
  firstname: string
  lastname: string
  password: string
  confirmPassword: string
}

export const FIELD_LABELS: Record<keyof RegistrationFields, string> = {
  email: 'Email',
  firstname: 'First name',
  lastname: 'Last name',
  password: 'Password',
  confirmPassword: 'Confirm password',
}

export const registerField = (page: Page, field: keyof RegistrationFields) =>
  authCard(page).getByLabel(FIELD_LABELS[field], { exact: true })

/** Fills the registration form as typed by a person; blank values are left untouched. */
export async function fillRegistration(page: Page, fields: Partial<RegistrationFields>) {
  for (const [name, value] of Object.entries(fields) as [keyof RegistrationFields, string][])
    if (value) await registerField(page, name).fill(value)
}

export const submitRegistration = (page: Page) =>
  authCard(page).getByRole('button', { name: 'Register', exact: true }).click()

export async function signInWith(page: Page, email: string, password: string) {
  const card = authCard(page)
  await card.getByLabel('Email', { exact: true }).fill(email)
  await card.getByLabel('Password', { exact: true }).fill(password)
  await card.getByRole('button', { name: 'Sign in', exact: true }).click()
}
