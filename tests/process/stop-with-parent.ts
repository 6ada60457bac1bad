// The safety net under every process a test or script starts (servers, sqld, runners): they end when the process
// that started them ends, however it ends, so none is left running after a suite, a timed-out test or a stopped
// script. A test still stops its own in its clean-up; this covers a clean-up that never ran:
// - the process exits (its work done, or process.exit);
// - it is sent SIGTERM, SIGINT or SIGHUP, which end a process without its 'exit' event: Vitest stops its workers with
//   SIGTERM, and a Vitest stopped by a timeout or a signal leaves the test that was running unfinished. The signal's
//   usual effect follows unless someone else listens for it;
// - a Vitest worker's runner goes away (its IPC channel closes): the worker would otherwise run its file to the end,
//   starting more servers, with nobody to report to.
// A process killed with SIGKILL can do nothing; sqld also stops itself when idle (tests/server/test-database.ts).
import type { ChildProcess } from 'node:child_process';

interface Registry {
  children: Set<ChildProcess>;
}

// One registry per process, whichever copy of this module is loaded (Vitest may evaluate it once per test file).
const KEY = Symbol.for('kerbside.tests.stop-with-parent');
const holder = globalThis as typeof globalThis & { [KEY]?: Registry };

function registry(): Registry {
  const existing = holder[KEY];
  if (existing) return existing;
  const made: Registry = { children: new Set() };
  holder[KEY] = made;
  const killAll = () => {
    for (const child of made.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.on('exit', killAll);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
  if (process.send) process.once('disconnect', killAll);
  return made;
}

/** Kills `child` (SIGKILL) if it is still running when this process ends. Answers `child`. */
export function stopWithParent<T extends ChildProcess>(child: T): T {
  const { children } = registry();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

