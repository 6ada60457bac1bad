// The counts and the names of what failed, from each runner's JSON report, for `npm test`'s closing lines
// (scripts/test.mjs). Names are printed again above the closing `N passed, N failed` line: a CI log is often read
// from its end, where a runner's own report of a failure has long scrolled away.

/** The first line of a failure message, without terminal colours, at most 240 characters. */
export const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- terminal colour codes start with ESC
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 240);

/**
 * Vitest's JSON report (null: none was written) and its exit status. A file that failed without a failed test (it
 * did not load, or a hook failed) counts as one failure; so does a non-zero exit with no failure in the report (an
 * unhandled error). `runner` names the run in each failure line (`vitest on sqld`: the server tests on a libSQL
 * server, whose failures must not read as the file run's).
 */
export function vitestSummary(report, status, root = '', runner = 'vitest') {
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: [`${runner}: no report written (it did not run to the end: see its output above)`] };
  const failures = [];
  let failedFiles = 0;
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? '').replace(root, '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${runner}: ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) {
      failedFiles += 1;
      failures.push(`${runner}: ${name}: ${firstLine(file.message)}`);
    }
  }
  let failed = report.numFailedTests + failedFiles;
  if (status !== 0 && failed === 0) {
    failed = 1;
    failures.push(`${runner}: exited with status ${status} and no failed test (an error outside the tests: see its output above)`);
  }
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests, failures };
}

/** Playwright's JSON report (null: none was written) and its exit status; a flaky test (passed on retry) passed. */
export function playwrightSummary(report, status, testDir = 'tests/e2e') {
  if (!report?.stats) return { passed: 0, failed: 1, skipped: 0, failures: ['playwright: no report written (it did not run to the end: see its output above)'] };
  const failures = [];
  const walk = (suite, titles) => {
    // The top suites are the files, named by the spec's own file.
    const path = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = (test.results ?? []).map((result) => result.error?.message).find(Boolean);
        failures.push(`playwright: ${testDir}/${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
  let failed = report.stats.unexpected;
  if (status !== 0 && failed === 0) {
    failed = 1;
    if (!report.errors?.length) failures.push(`playwright: exited with status ${status} and no failed test (see its output above)`);
  }
  return { passed: report.stats.expected + report.stats.flaky, failed, skipped: report.stats.skipped, failures };
}
