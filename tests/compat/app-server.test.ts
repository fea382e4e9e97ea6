import { afterAll, expect, it } from 'vitest'
import { startAppServer, type AppServer } from '../fixtures/app-server'
import { KEY } from './api-setup'

// Two app servers in one Node process: each keeps its own vars, state and lifetime.
const servers: AppServer[] = []
afterAll(async () => {
  for (const s of servers.splice(0).reverse()) await s.close()
})

const backendOf = async (s: AppServer) => {
  const res = await fetch(`${s.url}/api/health`)
  return ((await res.json()) as { backend: string }).backend
}

it('runs two servers with different vars side by side and stops them independently', async () => {
  const a = await startAppServer()
  servers.push(a)
  const b = await startAppServer({ APPWRITE_ENDPOINT: `${a.url}/v1`, APPWRITE_API_KEY: KEY })
  servers.push(b)
  expect(await backendOf(a)).toBe('embedded')
  expect(await backendOf(b)).toBe('appwrite')
  await servers.pop()?.close()
  expect(await backendOf(a)).toBe('embedded')
}, 120_000)
