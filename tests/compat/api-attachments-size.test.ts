import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Models } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { call, errorShape, jwtFor, KEY } from './api-setup'
import { person, upload } from './api-attachments-setup'

// A file larger than the Worker's FILE_MAX_BYTES is refused as an attachment on both adapters.
// The embedded bucket refuses such an upload already, so the file (2048 bytes) is stored under
// the default limit, then the server restarts on the same state with a 1 KiB limit; server B runs
// in appwrite mode against it with the same limit (an Appwrite bucket may allow more).
const SMALL = { FILE_MAX_BYTES: '1024' }
let state: string
let a: AppServer
let b: AppServer
let file: Models.File
let token: string

beforeAll(async () => {
  state = mkdtempSync(join(tmpdir(), 'kathelia-attach-size-'))
  const first = await startAppServer({}, { stateDir: state })
  const ada = await person(first.url, 'ada@kathelia.test', 'Ada')
  file = await upload(ada, 'big.txt', 'text/plain')
  await first.close()
  a = await startAppServer(SMALL, { stateDir: state })
  b = await startAppServer({ ...SMALL, APPWRITE_ENDPOINT: `${a.url}/v1`, APPWRITE_API_KEY: KEY })
  token = await jwtFor(a.url, 'ada@kathelia.test')
}, 180_000)

afterAll(async () => {
  await b?.close()
  await a?.close()
  if (state) rmSync(state, { recursive: true, force: true })
})

describe.each([
  ['embedded', () => a.url],
  ['appwrite', () => b.url],
])('/api/message/add with a file over FILE_MAX_BYTES, %s adapter', (_, url) => {
  it('answers 400 file_too_large, and /api/message/limits tells the limit', async () => {
    const body = { roomId: 'home', message: 'Big', attachment: { fileId: file.$id } }
    const r = await call(url(), '/message/add', body, token)
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(errorShape(r)).toEqual({
      code: 'file_too_large',
      message: 'The attached file is too large',
    })
    expect((await call(url(), '/message/limits', {}, token)).body).toEqual({ fileMaxBytes: 1024 })
  })
})
