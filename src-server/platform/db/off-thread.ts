// Reads that may take long (a broad search's total: docs/api.md#lists), on a worker thread with a connection of its
// own (embedded files only): the engine runs on the calling thread, and everyone else would wait (docs/operations.md#database).
// One worker per database, one statement at a time, started on first use.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The worker's code as CommonJS (no TypeScript loader needed); answers the first cell of the first row. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.libsql);
const db = new Database(workerData.path, { timeout: workerData.busyTimeoutMs });
// A write here (maintenanceWrite) is as durable as the app's own (docs/operations.md#database).
db.exec('PRAGMA synchronous=FULL');
const statements = new Map();
let totalChanges;
const changes = () => (totalChanges ??= db.prepare('select total_changes()').raw(true)).get()[0];
// Statements in one write transaction; the answer is the rows they changed.
const writeAll = (write) => {
  db.exec('BEGIN IMMEDIATE');
  try {
    const before = changes();
    for (const statement of write) db.exec(statement);
    const changed = changes() - before;
    db.exec('COMMIT');
    return changed;
  } catch (err) {
    try { db.exec('ROLLBACK'); } catch {}
    throw err;
  }
};
const read = (sql, args) => {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql).raw(true)));
  const row = statement.get(...args);
  return row === undefined ? null : row[0];
};
parentPort.on('message', ({ id, sql, args, write }) => {
  try {
    parentPort.postMessage({ id, value: write ? writeAll(write) : read(sql, args) });
  } catch (err) {
    // A statement whose step failed stays mid-execution in the native binding: prepared afresh next time.
    if (!write) statements.delete(sql);
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

export function offThreadReads(path: string, busyTimeoutMs: number) {
  const libsql = createRequire(import.meta.url).resolve('libsql');
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const started = (): Worker => {
    if (worker) return worker;
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { libsql, path, busyTimeoutMs } });
    w.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      if (pending.size === 0) w.unref();
      if (error === undefined) p.resolve(value);
      else p.reject(new Error(error));
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      failAll(new Error('the database read worker stopped'));
    });
    w.unref();
    worker = w;
    return w;
  };

  const ask = (message: { sql?: string; args?: unknown[]; write?: string[] }) =>
    new Promise<unknown>((resolve, reject) => {
      const w = started();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      // Held while it has work, so a process waiting only for this answer does not exit; idle, it keeps none alive.
      w.ref();
      w.postMessage({ id, ...message });
    });

  return {
    /** The first column of the first row of `sql` (null when there is no row). */
    scalar: (sql: string, args: unknown[]) => ask({ sql, args }),
    /** `statements` in one write transaction (BEGIN IMMEDIATE), answering the rows they changed (total_changes). */
    write: async (statements: string[]) => Number(await ask({ write: statements })),
    close() {
      void worker?.terminate();
      worker = undefined;
    },
  };
}
