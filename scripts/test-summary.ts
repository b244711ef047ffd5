// Totals every suite's results into the one closing line CI reads: "N passed, N failed".
// Inputs: vitest JSON reports (*.json) and JUnit XML reports (*.xml: pytest, schemathesis).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const results_dir = process.argv[2];
if (!results_dir) throw new Error('usage: test-summary.ts RESULTS_DIR');

let passed = 0;
let failed = 0;
let skipped = 0;
/** Named failures, printed above the totals so the tail of a CI log says what broke. */
const failures: string[] = [];
const firstLine = (text: string | undefined) => (text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
for (const file of readdirSync(results_dir).sort()) {
  // Reports only: suites also leave artifacts here (the checkout page's screenshots folder).
  if (!file.endsWith('.json') && !file.endsWith('.xml')) continue;
  const text = readFileSync(join(results_dir, file), 'utf8');
  if (file.endsWith('.json')) {
    const report = JSON.parse(text) as {
      numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number;
      numFailedTestSuites: number;
      testResults?: { name: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
    };
    for (const file_result of report.testResults ?? []) {
      const failed_tests = (file_result.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed_tests) failures.push(`${file}: ${file_result.name.split("/").slice(-2).join("/")}: ${test.fullName} -- ${firstLine(test.failureMessages?.[0])}`);
      if (failed_tests.length === 0 && file_result.message) failures.push(`${file}: ${file_result.name} -- ${firstLine(file_result.message)}`);
    }
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
    for (const match of text.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
      const body = match[2] ?? '';
      const failure = /<(failure|error)\b([^>]*)>?/.exec(body);
      if (!failure) continue;
      const name = /\bname="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? '?';
      const message = /\bmessage="([^"]*)"/.exec(failure[2] ?? '')?.[1];
      failures.push(`${file}: ${name} -- ${firstLine(message)}`);
    }
  }
}
if (failures.length > 0) {
  console.log(`failed tests (${failures.length}):`);
  for (const failure of failures.slice(0, 40)) console.log(`  ${failure}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
