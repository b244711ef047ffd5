// Totals every suite's results into the one closing line CI reads: "N passed, N failed".
// Inputs: vitest JSON reports (*.json) and JUnit XML reports (*.xml: pytest, schemathesis).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const results_dir = process.argv[2];
if (!results_dir) throw new Error('usage: test-summary.ts RESULTS_DIR');

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(results_dir).sort()) {
  const text = readFileSync(join(results_dir, file), 'utf8');
  if (file.endsWith('.json')) {
    const report = JSON.parse(text) as {
      numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number;
      numFailedTestSuites: number;
    };
    passed += report.numPassedTests;
    // A suite that fails to load has no failed test but must still count as a failure.
    failed += report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
    skipped += report.numPendingTests + report.numTodoTests;
  } else if (file.endsWith('.xml')) {
    // Sum over <testsuite> elements (pytest wraps one in <testsuites>).
    for (const match of text.matchAll(/<testsuite\b([^>]*)>/g)) {
      const attrs = match[1] ?? '';
      const count = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(attrs)?.[1] ?? 0);
      const suite_failed = count('failures') + count('errors');
      const suite_skipped = count('skipped');
      failed += suite_failed;
      skipped += suite_skipped;
      passed += count('tests') - suite_failed - suite_skipped;
    }
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
