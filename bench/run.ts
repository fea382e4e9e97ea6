// `npm run bench [realtime|bundle]`: performance goals, printed as ratios against small anchors
// measured in the same run on the same machine. Not a test: nothing here passes or fails.
import { launchBrowser } from '../tests/e2e/helpers/browser'
import { runSignInBundleBench } from './bundle'

const only = process.argv[2]
const started = Date.now()

if (!only || only === 'bundle') {
  const { browser, close } = await launchBrowser()
  try {
    await runSignInBundleBench(browser)
  } finally {
    await close()
  }
}

if (!only || only === 'realtime') {
  const { runRealtimeBench } = await import('./realtime')
  await runRealtimeBench()
}

console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(0)
