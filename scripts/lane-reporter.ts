import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { TestError } from 'vitest'
import type { Reporter, SerializedError, TestModule } from 'vitest/node'

// Beside the default reporter in each lane of `npm test` (scripts/test.mjs): writes what the
// summary needs to the file named by LANE_REPORT. Vitest's own JSON reporter times a file from
// its first test to its last, which leaves out the beforeAll hooks where servers start, i.e.
// most of what makes a compat or e2e file slow.

export type LaneFile = { file: string; project: string; seconds: number; failed: boolean }
export type LaneReport = {
  passed: number
  failed: number
  skipped: number
  /** Errors outside any test (a file that failed to load, an unhandled rejection). */
  errors: string[]
  /** Tests that passed on a retry, with what failed them first: the lead for the flake. */
  retried: string[]
  /** Tests that failed, with each attempt's error: the log's tail names them even when long. */
  failures: string[]
  files: LaneFile[]
}

/** An error's first line and the first place in a test file it passed through. */
function brief(error: TestError) {
  const line = error.message
    .split('\n')[0]!
    .replace(/\x1b\[[0-9;]*m/g, '')
    .slice(0, 200)
  const where = error.stack?.split('\n').find((l: string) => /tests\/.*\.test\.ts/.test(l))
  return where
    ? `${line} (${where.trim().replace(/^at /, '').replace(`${process.cwd()}/`, '')})`
    : line
}

export default class LaneReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>) {
    const out = process.env.LANE_REPORT
    if (!out) return
    const report: LaneReport = {
      passed: 0,
      failed: 0,
      skipped: 0,
      errors: [],
      retried: [],
      failures: [],
      files: [],
    }
    for (const module of modules) {
      const file = relative(process.cwd(), module.moduleId)
      let failedTests = 0
      for (const test of module.children.allTests()) {
        const result = test.result()
        const { state } = result
        if (state === 'passed' && result.errors?.length)
          report.retried.push(`${file} > ${test.fullName}: ${brief(result.errors[0]!)}`)
        if (state === 'passed') report.passed++
        else if (state === 'failed') {
          failedTests++
          // A retry that failed differently is a second clue (the errors are one per attempt).
          const briefs = [...new Set((result.errors ?? []).map(brief))]
          report.failures.push(
            `${file} > ${test.fullName}${briefs.length ? `: ${briefs.join(' | then: ')}` : ''}`,
          )
        } else report.skipped++
      }
      // A file whose hooks or imports failed may have no failed test to show for it.
      const moduleErrors = module.errors()
      if (failedTests === 0 && (moduleErrors.length > 0 || module.state() === 'failed')) {
        failedTests = 1
        report.errors.push(`${file}: ${moduleErrors[0]?.message ?? 'failed'}`)
      }
      report.failed += failedTests
      const d = module.diagnostic()
      report.files.push({
        file,
        project: module.project.name,
        seconds: (d.collectDuration + d.setupDuration + d.duration) / 1000,
        failed: failedTests > 0,
      })
    }
    for (const error of unhandled) report.errors.push(`unhandled: ${error.message}`)
    report.failed += unhandled.length
    writeFileSync(out, JSON.stringify(report, null, 2))
  }
}
