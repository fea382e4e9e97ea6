import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { beforeAll } from 'vitest'
import type { EdgeBackend } from '../../worker/appwrite-edge'
import { provision } from '../../worker/appwrite-edge/db/provision'
import { backendStub } from '../../worker/appwrite-edge/stub'
import { getConfig } from '../../worker/config'

// Setup file of the projects inside workerd. Their files share one workerd (isolate: false in
// vitest.config.ts): a workerd per file loaded the Worker's modules again each time, which was
// most of a file's time. Each file still begins as it did in a fresh workerd: the embedded
// backend emptied and set up again (no users, rows, sockets), and the files bucket empty.
// Only the rate limiters' counters carry over (60 s windows; no file depends on a fresh one).
beforeAll(async () => {
  const stub = backendStub(env, getConfig(env)) as DurableObjectStub<EdgeBackend>
  await runInDurableObject(stub, async (backend, state) => {
    for (const ws of state.getWebSockets()) ws.close(1001, 'next test file')
    await state.storage.deleteAll()
    backend.sql.migrate()
    provision(backend.sql)
  })
  for (let page = await env.FILES.list(); page.objects.length; page = await env.FILES.list())
    await env.FILES.delete(page.objects.map((o) => o.key))
})
