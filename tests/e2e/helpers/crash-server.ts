import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { inject } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

export type ServerProcess = { url: string; kill(): void; exited: Promise<void> }

/** A loaded server process (crash-server.ts --standby) that opens the port when told to. */
export type StandbyServer = {
  /** Resolves once its modules are loaded. */
  loaded: Promise<void>
  start(): Promise<ServerProcess>
  kill(): void
}

/**
 * Spawns tests/fixtures/crash-server.ts as its own process group (Node and workerd) in standby:
 * it loads Miniflare and wrangler (a second of a restart) while the current server
 * still runs, and touches neither the port nor the state folder until `start`. `kill` is SIGKILL
 * to the whole group: the server dies mid-whatever, as in a power cut, and no workerd is left
 * holding the state folder.
 */
export function spawnStandby(stateDir: string, port: number): StandbyServer {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/fixtures/crash-server.ts', stateDir, String(port), '--standby'],
    {
      cwd: root,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      // The run's deployable build (server-host.ts), which the test servers serve.
      env: { ...process.env, KATHELIA_TEST_BUILD: inject('appBuild') },
    },
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
  child.stdout!.on('data', (d) => (log += String(d)))
  const gone = (fail: (err: Error) => void) =>
    child.on('exit', (code) => fail(new Error(`exited ${code}:\n${log}`)))
  const loaded = new Promise<void>((done, fail) => {
    child.stdout!.on('data', () => /^standby$/m.test(log) && done())
    gone(fail)
  })
  const ready = new Promise<ServerProcess>((done, fail) => {
    child.stdout!.on('data', () => {
      const m = /ready (\S+)/.exec(log)
      if (m) done({ url: m[1]!, kill, exited })
    })
    gone(fail)
  })
  // A standby killed unused is no failure.
  for (const p of [loaded, ready]) p.catch(() => {})
  return {
    loaded,
    kill,
    start() {
      child.stdin!.write('start\n')
      const timer = setTimeout(() => kill(), 120_000)
      return ready.then(
        (server) => (clearTimeout(timer), server),
        (err) => {
          clearTimeout(timer)
          throw err
        },
      )
    },
  }
}

/** Spawns a server process and starts it at once; resolves once it answers. */
export const startServerProcess = (stateDir: string, port: number): Promise<ServerProcess> =>
  spawnStandby(stateDir, port).start()
