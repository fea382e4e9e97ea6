import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createBuilder } from 'vite'
import { DEPLOY_ENV, keepingDeployRedirect, viteBuild } from '../tests/fixtures/app-build'
import { privateCloudflarePlugin } from '../tests/fixtures/private-plugin'
import { startMailInbox, type MailInbox } from '../tests/prod/fixtures/mail-inbox'
import {
  productionVars,
  startProdServer,
  type ProdServer,
} from '../tests/prod/fixtures/prod-server'

const root = resolve(import.meta.dirname, '..')

/** `vite build` of the app as `npm run deploy` makes it, into a temp folder; returns the folder. */
export async function buildApp(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'kathelia-bench-build-'))
  await viteBuild(out, DEPLOY_ENV)
  return out
}

/** An anchor Worker (`bench/<dir>`) built by the same plugin; returns its wrangler.json. */
export async function buildAnchor(dir: string): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), `kathelia-bench-${dir.replace(/\W/g, '-')}-`))
  const cloudflare = await privateCloudflarePlugin(`build-${dir}`)
  await keepingDeployRedirect(async () => {
    const builder = await createBuilder({
      root: join(root, 'bench', dir),
      configFile: false,
      logLevel: 'warn',
      plugins: [cloudflare({ configPath: 'wrangler.toml', inspectorPort: false })],
      build: { outDir: out, emptyOutDir: true },
    })
    await builder.buildApp()
  })
  const worker = readdirSync(out).find((d) => existsSync(join(out, d, 'wrangler.json')))
  if (!worker) throw new Error(`no wrangler.json under ${out}`)
  return join(out, worker, 'wrangler.json')
}

export type Served = ProdServer & { key: string; inbox: MailInbox }

/**
 * The built app under `wrangler dev` with APP_ENV=production, secrets of its own, mail to a local
 * inbox (production refuses the outbox) and fresh state.
 */
export async function serveApp(
  build: string,
  { stateDir, inspectorPort }: { stateDir?: string; inspectorPort?: number } = {},
): Promise<Served> {
  const inbox = await startMailInbox()
  let key = ''
  try {
    const server = await startProdServer(
      build,
      (origin) => {
        const vars: Record<string, string> = { ...productionVars(origin), ...inbox.vars }
        key = vars.EMBEDDED_API_KEY
        return vars
      },
      { stateDir, inspectorPort },
    )
    return {
      ...server,
      key,
      inbox,
      async close() {
        await server.close()
        await inbox.close()
      },
    }
  } catch (err) {
    await inbox.close()
    throw err
  }
}

/** A built anchor under `wrangler dev`, served exactly like the app. */
export const serveAnchor = (config: string, inspectorPort?: number) =>
  startProdServer('', () => ({}), { config, inspectorPort })

export const removeBuild = (dir: string) => rmSync(dir, { recursive: true, force: true })
