import { afterEach, describe, expect, it, vi } from 'vitest'

// A failure without a message of the server's (a proxy's HTML error page) takes its status name
// (spec section 8), from a table the client loads only then.
afterEach(() => vi.unstubAllGlobals())

// The client reads the page's origin when loaded (web/lib/backend-config.ts).
const client = async () => {
  vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1' } })
  return import('../../web/lib/api')
}

const answering = (status: number) =>
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response('<html>upstream down</html>', {
        status,
        headers: { 'content-type': 'text/html' },
      }),
  )

describe('an API failure without a message', () => {
  it('is named after its status', async () => {
    const { apiPostPublic, ApiError } = await client()
    answering(502)
    const err = await apiPostPublic('/auth/flags', {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 502, message: 'Bad Gateway' })
  })

  it('says an unknown status code does not exist', async () => {
    const { apiPostPublic } = await client()
    answering(599)
    await expect(apiPostPublic('/auth/flags', {})).rejects.toMatchObject({
      status: 599,
      message: 'Status code does not exist',
    })
  })
})
