import type { Locator, Page } from 'playwright-core'

// A person's way through the signed-out screen, by roles and labels as a screen reader would
// name them, plus the dev mail outbox (the stand-in for their inbox).

export type NewUser = { name: string; email: string; password: string }

const TITLE = { signIn: 'Sign in to your account', register: 'Create an account' }
const VERIFIED = 'Congratulations! Your account has been verified!'
// The first sign-in on a fresh dev server also compiles the signed-in app; on 2 busy cores
// that alone can take many seconds.
const WAIT = 45_000

// The reset-link request and the reset link's landing use the same card.
const RECOVERY_TITLES = ['Reset your password', 'Choose a new password']

/**
 * A notice's title and body on one line: a run's summary keeps only an error's first line, and a
 * retried refusal read "Login" there, its reason lost.
 */
const oneLine = async (notice: Locator) => (await notice.innerText()).replace(/\s*\n+\s*/g, ' — ')

/** The auth card (a region named by its heading in any mode). */
export const authCard = (page: Page): Locator =>
  page.getByRole('region', {
    name: new RegExp(`^(${[TITLE.signIn, TITLE.register, ...RECOVERY_TITLES].join('|')})$`),
  })

/** The signed-in layout is up once the profile menu button exists. */
export const signedInMarker = (page: Page): Locator =>
  page.getByRole('button', { name: 'Profile menu' })

/** Waits for a visible locator; on timeout says what the page showed instead. */
export async function waitOrExplain(page: Page, locator: Locator, what: string): Promise<void> {
  try {
    await locator.waitFor({ timeout: WAIT })
  } catch (err) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 1_000 })
      .catch(() => '(unreadable)')
    throw new Error(
      `${what}: ${(err as Error).message.split('\n')[0]}\nat ${page.url()} the page showed:\n` +
        shown.replace(/\s+/g, ' ').slice(0, 400),
    )
  }
}

/** "Ada Lovelace" → first name "Ada", last name "Lovelace" (the form has both, both required). */
function splitName(name: string): [string, string] {
  const words = name.trim().split(/\s+/)
  if (words.length < 2) throw new Error(`registerViaUi needs a first and last name, got "${name}"`)
  return [words[0]!, words.slice(1).join(' ')]
}

/** Opens `/`, switches to Register, fills every field, submits and waits for the success notice. */
export async function registerViaUi(page: Page, baseUrl: string, user: NewUser): Promise<void> {
  const [firstname, lastname] = splitName(user.name)
  await page.goto(baseUrl)
  await waitOrExplain(page, page.getByRole('heading', { name: TITLE.signIn }), 'opening the app')
  await page.getByRole('button', { name: 'Register', exact: true }).click()
  const card = page.getByRole('region', { name: TITLE.register })
  await card.waitFor({ timeout: WAIT })
  await card.getByLabel('Email', { exact: true }).fill(user.email)
  await card.getByLabel('First name', { exact: true }).fill(firstname)
  await card.getByLabel('Last name', { exact: true }).fill(lastname)
  await card.getByLabel('Password', { exact: true }).fill(user.password)
  await card.getByLabel('Confirm password', { exact: true }).fill(user.password)
  await card.getByRole('button', { name: 'Register', exact: true }).click()
  const success = card
    .getByRole('status')
    .filter({ hasText: `We sent a verification link to ${user.email}` })
  const refusal = card.getByRole('alert')
  await waitOrExplain(page, success.or(refusal), `registering ${user.email}`)
  if (await refusal.isVisible())
    throw new Error(`registration of ${user.email} refused: ${await oneLine(refusal)}`)
}

export type OutboxMail = { to: string; subject: string; text: string; html: string; sentAt: string }

/** GET /__dev/outbox: the mails the embedded backend sent, newest first. */
export async function readOutbox(baseUrl: string): Promise<OutboxMail[]> {
  const res = await fetch(new URL('/__dev/outbox', baseUrl))
  if (!res.ok) throw new Error(`GET /__dev/outbox answered ${res.status}`)
  return (await res.json()) as OutboxMail[]
}

/**
 * The newest verification link mailed to `email`, on baseUrl's origin (the link carries the
 * origin the browser asked with, which is the same server here, but a proxy could differ).
 */
export async function verificationLink(baseUrl: string, email: string): Promise<string> {
  const mail = (await readOutbox(baseUrl)).find(
    (m) => m.to.toLowerCase() === email.toLowerCase() && /^Verify your /.test(m.subject),
  )
  if (!mail) throw new Error(`no verification mail to ${email} in the outbox`)
  const found = [...mail.text.matchAll(/https?:\/\/\S+/g)]
    .map((m) => m[0])
    .find((url) => url.includes('secret='))
  if (!found) throw new Error(`the verification mail to ${email} has no link:\n${mail.text}`)
  const link = new URL(found)
  const base = new URL(baseUrl)
  link.protocol = base.protocol
  link.host = base.host
  return link.toString()
}

/** Opens the emailed link and waits for the spec's success text and the address back at `/`. */
export async function verifyViaLink(page: Page, link: string): Promise<void> {
  await page.goto(link)
  await waitOrExplain(page, page.getByRole('status').filter({ hasText: VERIFIED }), 'verifying')
  const url = new URL(page.url())
  if (url.pathname !== '/' || url.search !== '')
    throw new Error(`after verification the address is ${page.url()}, expected /`)
}

/** Signs in on the combined screen (opening `/` first) and waits for the signed-in layout. */
export async function signInViaUi(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(baseUrl)
  await signInOnPage(page, email, password)
}

/** Signs in on the sign-in screen the page shows or is about to show. */
async function signInOnPage(page: Page, email: string, password: string): Promise<void> {
  const card = page.getByRole('region', { name: TITLE.signIn })
  await waitOrExplain(page, card, 'opening the sign-in screen')
  await card.getByLabel('Email', { exact: true }).fill(email)
  await card.getByLabel('Password', { exact: true }).fill(password)
  await card.getByRole('button', { name: 'Sign in', exact: true }).click()
  // A refused sign-in says why in the card; fail with that rather than a bare timeout.
  const refusal = card.getByRole('alert')
  await waitOrExplain(page, signedInMarker(page).or(refusal), `signing in ${email}`)
  if (await refusal.isVisible())
    throw new Error(`sign-in of ${email} refused: ${await oneLine(refusal)}`)
}

/**
 * Opens the app signed in: as it is, or signed in again through the form where the session has
 * ended (for a retry, whose failed first attempt may have signed the page out).
 */
export async function signedInAgain(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(baseUrl)
  const signIn = page.getByRole('heading', { name: TITLE.signIn })
  await waitOrExplain(page, signedInMarker(page).or(signIn), 'opening the app')
  if (await signIn.isVisible()) await signInOnPage(page, email, password)
}

/** Register and verify with the mailed link: an account that can sign in. */
export async function registerVerifiedViaUi(page: Page, baseUrl: string, user: NewUser) {
  await registerViaUi(page, baseUrl, user)
  await verifyViaLink(page, await verificationLink(baseUrl, user.email))
}

/** Register, verify with the mailed link, sign in: a ready signed-in user. */
export async function onboardViaUi(page: Page, baseUrl: string, user: NewUser): Promise<void> {
  await registerVerifiedViaUi(page, baseUrl, user)
  await signInViaUi(page, baseUrl, user.email, user.password)
}
