import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../../..')

export type ServerProcess = { url: string; kill(): void; exited: Promise<void> }

/**
 * Starts tests/fixtures/crash-server.ts as its own process group (Node, Vite and workerd), and
 * resolves once it answers. `kill` is SIGKILL to the whole group: the server dies mid-whatever,
 * as in a power cut, and no workerd is left holding the state folder.
 */
export function startServerProcess(stateDir: string, port: number): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    resolve(root, 'node_modules/.bin/tsx'),
    ['tests/fixtures/crash-server.ts', stateDir, String(port)],
    { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((done) => child.on('exit', () => done()))
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  let log = ''
  child.stderr!.on('data', (d) => (log += String(d)))
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => (kill(), fail(new Error(`no start in 120 s:\n${log}`))), 120_000)
    child.stdout!.on('data', (d) => {
      log += String(d)
      const m = /ready (\S+)/.exec(log)
      if (m) (clearTimeout(timer), ready({ url: m[1], kill, exited }))
    })
    child.on('exit', (code) => (clearTimeout(timer), fail(new Error(`exited ${code}:\n${log}`))))
  })
}
