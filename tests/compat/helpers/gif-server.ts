import { afterAll, beforeAll, expect } from 'vitest'
import { startAppServer, type AppServer } from '../../fixtures/app-server'
import { GIF_KEY, startGifService, type GifService } from '../../fixtures/gif-service'
import { createUser, jwtFor } from '../api-setup'

export type GifServer = { gifs: GifService; server: AppServer; jwt: string }

/**
 * An app server whose GIF service is a local contract server of `provider`, with Ben signed in
 * (his JWT). The service must have seen no wrong call by the end.
 */
export function useGifServer(provider: 'tenor' | 'giphy'): GifServer {
  const ctx = {} as GifServer
  beforeAll(async () => {
    ctx.gifs = await startGifService(provider)
    ctx.server = await startAppServer({
      GIF_PROVIDER: provider,
      GIF_API_URL: ctx.gifs.url,
      GIF_API_KEY: GIF_KEY,
    })
    await createUser(ctx.server.url, 'ben@kathelia.test', 'Ben')
    ctx.jwt = await jwtFor(ctx.server.url, 'ben@kathelia.test')
  }, 120_000)
  afterAll(async () => {
    await ctx.server?.close()
    expect(ctx.gifs.wrong).toEqual([])
    await ctx.gifs.close()
  })
  return ctx
}
