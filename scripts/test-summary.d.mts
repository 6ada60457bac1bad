// Types for scripts/test-summary.mjs (a plain script, so that `npm test` runs without a build or tsx).
export interface RunnerSummary {
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
}
export function firstLine(text: unknown): string;
export function vitestSummary(report: unknown, status: number, root?: string, runner?: string): RunnerSummary;
export function playwrightSummary(report: unknown, status: number, testDir?: string): RunnerSummary;
