import { Account, Client, ID } from 'node-appwrite'
import { exampleVars } from '../scripts/local-vars'
import { HOME_ROOM_ID } from '../shared/constants'
import { api, seedRoom, signIn } from './room-seed'

const vars = exampleVars()

/** A JWT of `email`, signed in as the SPA would. */
async function jwtOf(app: string, email: string) {
  const session = new Client().setEndpoint(`${app}/v1`).setProject(vars.APPWRITE_PROJECT_ID)
  session.setSession(await signIn(app, email))
  return (await new Account(session).createJWT()).jwt
}

/**
 * The two partners (bench/room-seed.ts), then `messages` rows of the home room through the same
 * /api/message/add the SPA uses, `parallel` requests at a time (the Durable Object still assigns
 * each its seq in turn). 10,000 one after the other would take minutes on a loaded machine.
 */
export async function seedHistory(app: string, messages: number, parallel = 16) {
  const account = await seedRoom(app, 0)
  const partner = vars.SPECIAL_EMAILS.split(',')[0]
  const jwts = [await jwtOf(app, account.email), await jwtOf(app, partner)]
  let next = 1
  const worker = async () => {
    for (let i = next++; i <= messages; i = next++)
      await api(app, '/message/add', jwts[i % 2], {
        roomId: HOME_ROOM_ID,
        message: `History message number ${i}`,
        clientId: ID.unique(),
      }).then(() => i % 2_000 === 0 && console.log(`  seeded ${i} of ${messages}`))
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  return { ...account, jwt: jwts[0] }
}
