// `npm test`'s closing lines (scripts/test-summary.mjs): the counts from each runner's JSON report, and the name
// of every failure, so that the end of a CI log says what failed.
import { describe, expect, it } from 'vitest';
import { firstLine, playwrightSummary, vitestSummary } from '../../scripts/test-summary.mjs';

/** Vitest's JSON report, in the shape `--reporter=json` writes (only the fields read). */
function vitestReport(files: Array<{ name: string; status: 'passed' | 'failed'; message?: string; tests: Array<[string, 'passed' | 'failed', string?]> }>) {
  const all = files.flatMap((f) => f.tests);
  return {
    numPassedTests: all.filter((t) => t[1] === 'passed').length,
    numFailedTests: all.filter((t) => t[1] === 'failed').length,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: files.map((f) => ({
      name: f.name,
      status: f.status,
      message: f.message ?? '',
      assertionResults: f.tests.map(([fullName, status, message]) => ({ fullName, status, failureMessages: message ? [message] : [] })),
    })),
  };
}

describe('vitestSummary', () => {
  it('counts the report and names each failed test with its message’s first line, colours removed', () => {
    const report = vitestReport([
      { name: '/repo/tests/server/a.test.ts', status: 'passed', tests: [['a works', 'passed']] },
      {
        name: '/repo/tests/server/report.test.ts',
        status: 'failed',
        tests: [
          ['GET /api/admin/report.csv streams 2,500 policies', 'failed', '\u001b[31mError: Test timed out in 20000ms.\u001b[39m\n    at somewhere'],
          ['another', 'passed'],
        ],
      },
    ]);
    expect(vitestSummary(report, 1, '/repo/')).toEqual({
      passed: 2,
      failed: 1,
      skipped: 0,
      failures: ['vitest: tests/server/report.test.ts › GET /api/admin/report.csv streams 2,500 policies: Error: Test timed out in 20000ms.'],
    });
  });

  it('counts a file that failed without a failed test (a hook or an import) once, by its message', () => {
    const report = vitestReport([{ name: '/repo/tests/server/b.test.ts', status: 'failed', message: 'Hook timed out in 30000ms.', tests: [] }]);
    const summary = vitestSummary(report, 1, '/repo/');
    expect(summary.failed).toBe(1);
    expect(summary.failures).toEqual(['vitest: tests/server/b.test.ts: Hook timed out in 30000ms.']);
  });

  it('counts a failed exit with nothing failed in the report as one failure, and a missing report too', () => {
    const clean = vitestReport([{ name: '/repo/tests/server/a.test.ts', status: 'passed', tests: [['a works', 'passed']] }]);
    expect(vitestSummary(clean, 0).failed).toBe(0);
    expect(vitestSummary(clean, 0).failures).toEqual([]);
    expect(vitestSummary(clean, 1).failed).toBe(1);
    expect(vitestSummary(clean, 1).failures[0]).toMatch(/exited with status 1 and no failed test/);
    expect(vitestSummary(null, 1)).toMatchObject({ passed: 0, failed: 1, failures: [expect.stringMatching(/no report written/)] });
  });

  it('names the run it summarises in each failure, when told', () => {
    const report = vitestReport([{ name: '/repo/tests/server/c.test.ts', status: 'failed', tests: [['c works', 'failed', 'Error: no']] }]);
    expect(vitestSummary(report, 1, '/repo/', 'vitest on sqld').failures).toEqual(['vitest on sqld: tests/server/c.test.ts › c works: Error: no']);
    expect(vitestSummary(null, 1, '', 'vitest on sqld').failures).toEqual(['vitest on sqld: no report written (it did not run to the end: see its output above)']);
  });
});

describe('playwrightSummary', () => {
  const spec = (title: string, line: number, status: string, message?: string) => ({
    title,
    file: 'verify.spec.ts',
    line,
    tests: [{ status, results: [{ status: status === 'unexpected' ? 'failed' : 'passed', error: message ? { message } : undefined }] }],
  });
  const report = (stats: { expected: number; unexpected: number; flaky: number; skipped: number }, errors: Array<{ message: string }> = [], dashboard = 'unexpected') => ({
    stats,
    errors,
    suites: [
      {
        title: 'verify.spec.ts',
        file: 'verify.spec.ts',
        specs: [spec('the code can be typed by hand', 97, 'expected')],
        suites: [{ title: 'the dashboard', file: 'verify.spec.ts', specs: [spec('pending cover has no certificate', 106, dashboard, 'Error: expect(locator).toBeVisible() failed\n\nLocator: …')] }],
      },
    ],
  });

  it('counts the report (a test that passed on retry passed) and names each failed test by file, line and titles', () => {
    expect(playwrightSummary(report({ expected: 1, unexpected: 1, flaky: 2, skipped: 0 }), 1)).toEqual({
      passed: 3,
      failed: 1,
      skipped: 0,
      failures: ['playwright: tests/e2e/verify.spec.ts:106 › the dashboard › pending cover has no certificate: Error: expect(locator).toBeVisible() failed'],
    });
  });

  it('names an error outside the tests, and counts a failed exit with nothing failed as one failure', () => {
    const summary = playwrightSummary(report({ expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, [{ message: 'Error: webServer exited early' }], 'expected'), 1);
    expect(summary.failed).toBe(1);
    expect(summary.failures).toEqual(['playwright: Error: webServer exited early']);
    expect(playwrightSummary(null, 1)).toMatchObject({ failed: 1, failures: [expect.stringMatching(/no report written/)] });
  });
});

describe('firstLine', () => {
  it('keeps 240 characters at most', () => {
    expect(firstLine('x'.repeat(500))).toHaveLength(240);
    expect(firstLine(undefined)).toBe('');
  });
});
