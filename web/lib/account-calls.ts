import type { Models } from 'appwrite'
import { client } from './appwrite'

// Account calls only screens loaded later make (Settings, recovery, the verification mail), sent
// as the SDK's Account methods send them, through its own client (its headers, the session or
// JWT, a refusal as AppwriteException). A method the app names anywhere as a member stays in
// the SDK's Account class, and that class is in the signed-in room's first script
// (scripts/appwrite-sdk-plugin.ts blanks the others): these five cost it 0.22 KB there, so their
// names here are not the SDK's.
const call = <T>(method: string, path: string, payload: Record<string, string>) =>
  client.call(
    method,
    new URL(client.config.endpoint + path),
    {
      'X-Appwrite-Project': client.config.project,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    payload,
  ) as Promise<T>

type User = Models.User<Models.Preferences>

export const accountCalls = {
  setName: (p: { name: string }) => call<User>('patch', '/account/name', p),
  setPassword: (p: { password: string; oldPassword: string }) =>
    call<User>('patch', '/account/password', p),
  mailRecovery: (p: { email: string; url: string }) =>
    call<Models.Token>('post', '/account/recovery', p),
  finishRecovery: (p: { userId: string; secret: string; password: string }) =>
    call<Models.Token>('put', '/account/recovery', p),
  mailVerification: (p: { url: string }) =>
    call<Models.Token>('post', '/account/verifications/email', p),
}
