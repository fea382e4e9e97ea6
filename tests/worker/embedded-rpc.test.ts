import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { BackendError, getBackend } from '../../worker/backend'
import { getConfig } from '../../worker/config'

// The embedded adapter's RPCs (batch.ts) must mean what the REST calls they replace meant: a
// field left undefined is not sent, and a refused write keeps its status and type.
const backend = getBackend(env, getConfig(env))
type Status = { name: string | null; isTyping: boolean; presence: string | null }

describe('the embedded conditional write', () => {
  it('leaves a field given as undefined as it was, as a JSON body would', async () => {
    const id = `rpc-${crypto.randomUUID().slice(0, 8)}`
    await backend.createRow<Status>('status', id, { name: 'Kept', isTyping: false })
    const { written, row } = await backend.updateRowIf<Status>(
      'status',
      id,
      { name: undefined, isTyping: true },
      [],
    )
    expect(written).toBe(true)
    expect(row).toMatchObject({ name: 'Kept', isTyping: true })
    expect(await backend.getRow<Status>('status', id)).toMatchObject({ name: 'Kept' })
  })

  it('answers a refused write with its own status and type, not as unreachable', async () => {
    const id = `rpc-${crypto.randomUUID().slice(0, 8)}`
    await backend.createRow<Status>('status', id, { isTyping: false })
    const refused = await backend
      .updateRowIf<Status>('status', id, { presence: 'dancing' }, [])
      .catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(BackendError)
    expect(refused).toMatchObject({ status: 400, type: 'row_invalid_structure' })
  })
})
