import type { Page } from 'playwright-core'
import { exampleVars } from '../../../scripts/local-vars'
import { STORAGE_KEY } from '../../../shared/constants'
import { readMarksKey } from '../../../shared/read-marks'
import type { NewUser } from './users'

// A long history made quickly: the partner's messages through the same POST /api/message/add
// the composer uses, several at a time (the Durable Object still gives each its seq in turn).

const PROJECT = exampleVars().APPWRITE_PROJECT_ID!

/** A JWT of `user`, from a password session as the SPA's sign-in makes one. */
export async function jwtOf(baseUrl: string, user: NewUser): Promise<string> {
  const headers = { 'content-type': 'application/json', 'X-Appwrite-Project': PROJECT }
  const signedIn = await fetch(new URL('/v1/account/sessions/email', baseUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  if (signedIn.status !== 201) throw new Error(`sign-in answered ${signedIn.status}`)
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const res = await fetch(new URL('/v1/account/jwts', baseUrl), {
    method: 'POST',
    headers: { ...headers, cookie },
  })
  if (res.status !== 201) throw new Error(`POST /v1/account/jwts answered ${res.status}`)
  return ((await res.json()) as { jwt: string }).jwt
}

/** POSTs `body` to the product API as `jwt`'s user; the answer, which must have `status`. */
async function postApi(baseUrl: string, jwt: string, path: string, body: unknown, status: number) {
  const res = await fetch(new URL(`/api${path}`, baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (res.status !== status) throw new Error(`POST /api${path} answered ${res.status}`)
  return res.json() as Promise<unknown>
}

/** Posts one message; its stored row's id. */
export async function postMessage(
  baseUrl: string,
  jwt: string,
  body: { roomId: string; message: string; replyToId?: string },
): Promise<string> {
  return ((await postApi(baseUrl, jwt, '/message/add', body, 201)) as { $id: string }).$id
}

/**
 * Moves `jwt`'s user's read position in the room to its newest message (POST /api/receipt/read
 * clamps a seq past the newest to it), as reading the room to its end on another device does.
 */
export async function readToNewest(baseUrl: string, jwt: string, roomId: string) {
  await postApi(baseUrl, jwt, '/receipt/read', { roomId, seq: Number.MAX_SAFE_INTEGER }, 200)
}

/** This browser's key of the read marks of the user signed in on `page` (shared/read-marks.ts). */
async function readMarksKeyOf(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)
  const id = (JSON.parse(stored ?? 'null') as { account?: { $id: string } } | null)?.account?.$id
  if (!id) throw new Error('nobody is signed in on this page')
  return readMarksKey(id)
}

/** This browser's read marks (the newest seq seen per room) of the user signed in on `page`. */
export async function readMarksOf(page: Page): Promise<Record<string, number>> {
  const key = await readMarksKeyOf(page)
  return JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key)) ?? '{}')
}

/** Sets this browser's read marks of the user signed in on `page`. */
export async function setReadMarks(page: Page, marks: Record<string, number>) {
  const key = await readMarksKeyOf(page)
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [key, JSON.stringify(marks)])
}

/** `texts` in the room, `parallel` at a time (their order is the order they are stored in). */
export async function postMany(
  baseUrl: string,
  jwt: string,
  roomId: string,
  texts: string[],
  parallel = 8,
) {
  let next = 0
  const worker = async () => {
    while (next < texts.length) await postMessage(baseUrl, jwt, { roomId, message: texts[next++]! })
  }
  await Promise.all(Array.from({ length: parallel }, worker))
}
