import { DEPLOY_ENV, viteBuild } from '../tests/fixtures/app-build'

// `tsx scripts/test-build.ts <outDir>`: the deployable build `npm test` makes once before its
// lanes, so the server hosts of both lanes and the prod suite serve the same one (KATHELIA_TEST_BUILD).
const [outDir] = process.argv.slice(2)
if (!outDir) throw new Error('usage: tsx scripts/test-build.ts <outDir>')
await viteBuild(outDir, DEPLOY_ENV)
