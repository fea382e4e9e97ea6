import { ID } from 'appwrite'
import { describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { PASSWORD_RULES } from '../../shared/password-rules'
import { failure } from './helpers/failure'
import { lastMailTo } from './helpers/outbox'
import { serverClient } from './helpers/server-sdk'
import { createUser, signedIn } from './helpers/users'
import { webClient } from './helpers/web-sdk'

// The password rules of the forms (shared/password-rules.ts), enforced by the embedded backend
// on every route that sets a password, whichever SDK calls it: 400 `password_weak`. Each weak
// password here is long enough, so only a complexity rule refuses it.

const url = inject('serverUrl')
// One for each rule: every other rule passes.
const WEAK: Record<(typeof PASSWORD_RULES)[number]['id'], string> = {
  length: 'Ab1!xyz',
  upper: 'lowercase-only-1',
  lower: 'UPPERCASE-ONLY-1',
  number: 'No-Digits-Here!',
  symbol: 'NoSymbols1234',
}

async function expectWeak(call: () => Promise<unknown>) {
  const err = await failure(call())
  expect([err.code, err.type]).toEqual([400, 'password_weak'])
  expect(err.message).toMatch(/minimum complexity requirements/)
}

describe('password rules on every route that sets a password', () => {
  it('POST /account refuses each weak password (a short one with Appwrite’s length error)', async () => {
    const web = webClient(url)
    const email = 'ada@kathelia.test'
    for (const [rule, password] of Object.entries(WEAK)) {
      const err = await failure(web.account.create({ userId: ID.unique(), email, password }))
      if (rule === 'length') expect(err.type, rule).toBe('general_argument_invalid')
      else expect([err.code, err.type], rule).toEqual([400, 'password_weak'])
    }
  })

  it('PATCH /account/password refuses a weak new password and keeps the old one', async () => {
    const u = await createUser(url, 'rules-change')
    const web = await signedIn(url, u)
    await expectWeak(() =>
      web.account.updatePassword({ password: WEAK.symbol, oldPassword: u.password }),
    )
    await signedIn(url, u)
  })

  it('PUT /account/recovery refuses a weak password; the secret still works with a strong one', async () => {
    const u = await createUser(url, 'rules-recover')
    const guest = webClient(url)
    await guest.account.createRecovery({ email: u.email, url: `${url}/reset` })
    const { params } = await lastMailTo(u.email)
    await expectWeak(() =>
      guest.account.updateRecovery({ userId: u.id, secret: params.secret, password: WEAK.upper }),
    )
    await guest.account.updateRecovery({
      userId: u.id,
      secret: params.secret,
      password: 'Strong-R3covery!',
    })
    await signedIn(url, { email: u.email, password: 'Strong-R3covery!' })
  })

  it('the users API (API key) refuses a weak password on create and on update', async () => {
    const { users } = serverClient(url)
    const userId = ID.unique()
    const email = `rules-users-${userId}@kathelia.test`
    await expectWeak(() => users.create({ userId, email, password: WEAK.lower }))
    expect((await failure(users.get({ userId }))).code).toBe(404)
    const u = await createUser(url, 'rules-users')
    await expectWeak(() => users.updatePassword({ userId: u.id, password: WEAK.number }))
    await signedIn(url, u)
  })
})
