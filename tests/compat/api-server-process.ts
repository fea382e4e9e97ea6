import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startAppServer, type AppServer } from '../fixtures/app-server'

// Two app servers with different vars cannot share one Node process: the second server's vars
// reach the first one's Worker (seen with @cloudflare/vite-plugin 1.34). This starts a server in
// a child process of its own; the child exits when its stdin closes.

const self = fileURLToPath(import.meta.url)

export function startAppServerProcess(vars: Record<string, string>): Promise<AppServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', self, JSON.stringify(vars)], {
    cwd: process.cwd(),
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.on('exit', (code) => reject(new Error(`app server process exited with ${code}`)))
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /READY (\S+)/.exec(out)
      if (!m) return
      child.removeAllListeners('exit')
      resolve({
        url: m[1],
        origin: m[1],
        close: () =>
          new Promise<void>((done) => {
            child.on('exit', () => done())
            child.stdin.end()
          }),
      })
    })
  })
}

// Child side: start, report the URL, stop when the parent closes stdin (or dies).
if (process.argv[1] === self) {
  const server = await startAppServer(JSON.parse(process.argv[2] ?? '{}'))
  process.stdout.write(`READY ${server.url}\n`)
  process.stdin.resume()
  process.stdin.on('end', () => void server.close().then(() => process.exit(0)))
}
