import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

// The e2e tests drive Debian's Chromium through playwright-core, which ships no browser of its own.
const DEFAULT_PATH = '/usr/bin/chromium'

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.status !== 0) throw new Error(`\`${command} ${args.join(' ')}\` failed`)
}

/**
 * Returns the path of a runnable Chromium: CHROMIUM_PATH, else /usr/bin/chromium, installing the
 * Debian package first when we are root on an apt system (CI). Throws an Error whose message is
 * the one sentence a person needs to fix it.
 */
export function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH
  if (wanted) {
    if (isExecutable(wanted)) return wanted
    throw new Error(
      `CHROMIUM_PATH is set to ${wanted}, which is not an executable file: point it at a Chromium binary or unset it to use ${DEFAULT_PATH}.`,
    )
  }
  if (isExecutable(DEFAULT_PATH)) return DEFAULT_PATH
  if (process.getuid?.() === 0 && hasCommand('apt-get')) {
    console.log(`Chromium not found at ${DEFAULT_PATH}; installing the Debian package.`)
    run('apt-get', ['update'])
    run('apt-get', ['install', '-y', 'chromium'])
    if (isExecutable(DEFAULT_PATH)) return DEFAULT_PATH
    throw new Error(`apt-get installed chromium, but ${DEFAULT_PATH} is still missing.`)
  }
  throw new Error(
    'Chromium not found: install the Debian package with `sudo apt-get install chromium`, or set CHROMIUM_PATH to a Chromium binary.',
  )
}

/** The browser's version line, for the log (e.g. "Chromium 139.0.7258.154 built on Debian ..."). */
export function chromiumVersion(path) {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  return result.status === 0 ? result.stdout.trim() : undefined
}
