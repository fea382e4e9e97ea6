// `npm run bench [bundle|room|realtime|history|api]`: performance goals, printed as ratios against small anchors
// measured in the same run on the same machine. Not a test: nothing here passes or fails.
import { launchBrowser } from '../tests/e2e/helpers/browser'
import { runSignInBundleBench } from './bundle'
import { startBuiltApps } from './pages'
import { runRoomBench } from './room'

const only = process.argv[2]
const known = ['bundle', 'room', 'realtime', 'history', 'api']
if (only && !known.includes(only)) {
  console.error(`unknown bench "${only}"; one of ${known.join(', ')}, or none for all`)
  process.exit(2)
}
const wanted = (name: string) => !only || only === name
// Each server loads its own copy of the Cloudflare plugin, and each copy adds exit listeners.
process.setMaxListeners(30)
const started = Date.now()

if (wanted('bundle') || wanted('room')) {
  // One build and one pair of servers for both page benches.
  const apps = await startBuiltApps()
  const { browser, close } = await launchBrowser()
  try {
    if (wanted('bundle')) await runSignInBundleBench(browser, apps)
    if (wanted('room')) await runRoomBench(browser, apps)
  } finally {
    await close()
    await apps.close()
  }
}

if (wanted('history')) {
  const { runHistoryBench } = await import('./history')
  await runHistoryBench()
}

if (wanted('realtime')) {
  const { runRealtimeBench } = await import('./realtime')
  await runRealtimeBench()
}

if (wanted('api')) {
  const { runApiBench } = await import('./api')
  await runApiBench()
}

console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(0)
