import type { cloudflare } from '@cloudflare/vite-plugin'

/**
 * A copy of @cloudflare/vite-plugin of its own: the module keeps one Miniflare per process, so
 * every server a bench starts loads it under a distinct URL (see tests/fixtures/app-server.ts).
 */
export async function privateCloudflarePlugin(tag: string): Promise<typeof cloudflare> {
  const entry = import.meta.resolve('@cloudflare/vite-plugin')
  const mod = (await import(/* @vite-ignore */ `${entry}?bench=${tag}`)) as {
    cloudflare: typeof cloudflare
  }
  return mod.cloudflare
}
