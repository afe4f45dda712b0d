/**
 * CI reads the last line of the test run: `N passed, N failed, N skipped`, alone on its line.
 * vitest's own summary is not in that form, so this reporter prints it after everything else.
 * `npm test` (scripts/test.mjs) runs the static checks beside vitest: there the counts go to the file
 * named by TEMPO_SUMMARY_FILE, and the script prints the line once the checks are done too, each failed
 * check counted as one failure, so a red type check is never reported as green.
 */
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[], unhandledErrors: readonly unknown[]): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
    }
    const file = process.env.TEMPO_SUMMARY_FILE;
    if (file !== undefined && file !== "") writeFileSync(file, JSON.stringify({ passed, failed, skipped }));
    else process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
