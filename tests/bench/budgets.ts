// The budgets `npm run bench` checks (tests/bench/run.ts), gathered in one table printed at the end of the run with
// `ok` or `MISSED` on every row. Each section of the bench adds its rows as it measures them; a section written in
// another module does the same:
//
//   import { budgets, type BenchSection } from './budgets';
//   export const homeSize: BenchSection = {
//     name: 'home page JS',
//     async run(table) {
//       const kb = await measure();
//       table.check('home page JS (gzip)', kb, { below: 120, unit: 'KB', digits: 1 });
//     },
//   };
//
// and run.ts lists the section. `budgets` is the run's one table; `check` covers the usual "a number under (or at
// least) a target" and `add` takes any row as measured elsewhere.

export type BudgetStatus = 'ok' | 'MISSED' | 'not run';

export interface BudgetRow {
  /** What was measured, e.g. 'GET /api/user/policies p99, 50 connections'. */
  name: string;
  /** The figure with its unit, e.g. '12.4 ms', '0.78x', '98.2 KB'; for a row not run, why. */
  figure: string;
  /** The target, e.g. '< 15 ms', '>= 0.7x'. */
  target: string;
  ok: boolean;
  /** True when the budget was not measured in this run (a section skipped or failed): printed 'not run'. */
  notRun?: boolean;
}

export interface CheckOptions {
  /** The figure must be under this... */
  below?: number;
  /** ...or at least this. */
  atLeast?: number;
  unit: string;
  /** Decimals shown; 1 by default. */
  digits?: number;
}

/** A unit glued to its number ('0.78x') or spaced ('12.4 ms'). */
const withUnit = (value: string, unit: string) => (unit === 'x' || unit === '%' ? `${value}${unit}` : `${value} ${unit}`);

export class BudgetTable {
  readonly rows: BudgetRow[] = [];

  add(row: BudgetRow): BudgetRow {
    this.rows.push(row);
    return row;
  }

  /** A row for a number against a target: `below` (strictly under) or `atLeast`. */
  check(name: string, value: number, opts: CheckOptions): BudgetRow {
    const digits = opts.digits ?? 1;
    const show = (n: number) => withUnit(n.toFixed(digits), opts.unit);
    if (opts.below !== undefined) return this.add({ name, figure: show(value), target: `< ${withUnit(String(opts.below), opts.unit)}`, ok: value < opts.below });
    if (opts.atLeast !== undefined) return this.add({ name, figure: show(value), target: `>= ${withUnit(String(opts.atLeast), opts.unit)}`, ok: value >= opts.atLeast });
    throw new Error(`budget '${name}' has no target`);
  }

  /** A budget this run did not measure (its section skipped or failed): listed, never counted as met. */
  notRun(name: string, why: string, target = ''): BudgetRow {
    return this.add({ name, figure: why, target, ok: false, notRun: true });
  }

  status(row: BudgetRow): BudgetStatus {
    return row.notRun ? 'not run' : row.ok ? 'ok' : 'MISSED';
  }

  get missed(): BudgetRow[] {
    return this.rows.filter((r) => !r.ok && !r.notRun);
  }

  /** The table as text lines: one row per budget, then a summary line. */
  lines(): string[] {
    const head = ['budget', 'figure', 'target', ''];
    const body = this.rows.map((r) => [r.name, r.figure, r.target, this.status(r)]);
    const widths = head.map((_, i) => Math.max(head[i]!.length, ...body.map((b) => b[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
    const notRun = this.rows.filter((r) => r.notRun).length;
    const ok = this.rows.filter((r) => r.ok).length;
    return [
      line(head),
      line(widths.map((w) => '-'.repeat(w))),
      ...body.map(line),
      `${ok} of ${this.rows.length} budgets ok, ${this.missed.length} MISSED${notRun ? `, ${notRun} not run` : ''}`,
    ];
  }
}

/** A part of the bench: measures, prints what it likes, and adds its budget rows to the table. */
export interface BenchSection {
  name: string;
  run(table: BudgetTable, log: (line: string) => void): Promise<void>;
}

/** The run's table: every section adds to this one. */
export const budgets = new BudgetTable();
