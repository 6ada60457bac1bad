// Crash safety (issue: writes in a child server process, SIGKILL at random moments, restart, every
// acknowledged write present and PRAGMA integrity_check ok). Shared by the short run in `npm test`
// (tests/server/crash-safety.test.ts) and the 1,000-cycle `npm run test:crash`.
// The child is the real server (tests/process/real-server.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rng } from '../../scripts/seed-large';
import { validQuote } from '../fixtures/quote';
import { buildServer, checkDatabase, OWNER_PASSWORD, startServer, type Acknowledged, type CheckResult, type ServerProcess } from '../process/real-server';

let serial = 0;
/** A quote request unlike any other (its e-mail), from an address of its own (the throttle is per address). */
function quoteBody(): { body: Record<string, string>; address: string } {
  const n = ++serial;
  return {
    address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    body: { ...validQuote, lastName: `Test${n}`, email: `crash${n}-${process.pid}@example.test`, policyStartYear: String(new Date().getUTCFullYear() + 1) },
  };
}

const policyBody = (n: number) => ({
  holderName: `Crash Holder ${n}`,
  carModel: 'Ford Fiesta',
  driverName: `Crash Driver ${n}`,
  licenseNumber: 'CRASH901010AB9CD',
  registration: 'CR45 HED',
  startDate: '2030-01-01',
  startTime: '09:00',
  endDate: '2030-01-02',
  endTime: '09:00',
  status: 'active',
});


/** Requests a cycle may send without one acknowledged before it gives up: a server that acknowledges nothing. */
const MAX_UNACKNOWLEDGED = 500;

interface CycleResult {
  sent: number;
  /** Requests sent and not yet answered when the SIGKILL was sent. */
  inFlightAtKill: number;
}

/**
 * Writes as fast as `workers` clients can, recording every write the server acknowledges, and SIGKILLs the server
 * `killAfterMs` after the first write it acknowledges in this cycle: so the kill always comes while writes flow,
 * however slowly a busy machine answers. Resolves once the server has exited.
 */
async function writeThenKill(server: ServerProcess, token: string, workers: number, killAfterMs: number, ack: Acknowledged): Promise<CycleResult> {
  let stopped = false;
  let sent = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let timer: NodeJS.Timeout | undefined;
  const kill = () => {
    if (stopped) return;
    stopped = true;
    inFlightAtKill = inFlight;
    server.child.kill('SIGKILL');
  };
  const acknowledged = () => (timer ??= setTimeout(kill, killAfterMs));
  // Gone before the kill (it crashed, or the run was stopped): the writers stop, and the cycle fails below.
  let exitedEarly = false;
  void server.exited.then(() => {
    if (stopped) return;
    stopped = true;
    exitedEarly = true;
  });
  const worker = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      if (timer === undefined && sent >= MAX_UNACKNOWLEDGED) {
        kill();
        throw new Error(`the server acknowledged none of ${sent} writes`);
      }
      sent++;
      inFlight++;
      try {
        if ((w + i) % 2 === 0) {
          const { body, address } = quoteBody();
          const res = await fetch(`${server.base}/api/quotes`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify(body),
          });
          if (res.status === 201) {
            ack.quotes.add(((await res.json()) as { reference: string }).reference);
            acknowledged();
          } else if (res.status >= 500) throw new Error(`quote answered ${res.status}: ${await res.text()}`);
        } else {
          const res = await fetch(`${server.base}/api/admin/policies`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(policyBody(++serial)),
          });
          if (res.status === 201) {
            ack.policies.add(((await res.json()) as { policyNumber: string }).policyNumber);
            acknowledged();
          } else if (res.status >= 500) throw new Error(`policy answered ${res.status}: ${await res.text()}`);
        }
      } catch (err) {
        // A connection cut by the kill is an unacknowledged write: it may or may not have landed.
        if (err instanceof Error && err.message.includes('answered')) {
          kill();
          throw err;
        }
        if (stopped) return;
      } finally {
        inFlight--;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  } finally {
    clearTimeout(timer);
    await server.exited;
  }
  if (exitedEarly) throw new Error(`the server exited (${(await server.exited) ?? 'on a signal'}) before the kill`);
  return { sent, inFlightAtKill };
}

export interface CrashReport extends CheckResult {
  cycles: number;
  /** Cycles whose SIGKILL came with writes sent and not yet answered. */
  killsMidWrite: number;
  requestsSent: number;
  acknowledgedQuotes: number;
  acknowledgedPolicies: number;
  /** Cycles whose check found a problem (integrity or a lost write), with the cycle number. */
  failures: string[];
  seconds: number;
}

/**
 * `cycles` times: start the real server on the same data folder, write to it from `workers` clients, SIGKILL it 20-300
 * ms after the cycle's first acknowledged write, and check the database it left. Bounded by work, not by a clock: a
 * busy machine makes each cycle slower, never fewer. `signal` stops it between cycles and kills the running server.
 */
export async function runCrashCycles(opts: {
  cycles: number;
  seed?: number;
  workers?: number;
  log?: (line: string) => void;
  signal?: AbortSignal;
}): Promise<CrashReport> {
  const started = Date.now();
  const { signal } = opts;
  const bundle = await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kerbside-crash-'));
  const random = rng(opts.seed ?? 20261122);
  const ack: Acknowledged = { quotes: new Set(), policies: new Set() };
  const failures: string[] = [];
  let requestsSent = 0;
  let killsMidWrite = 0;
  let last: CheckResult | undefined;
  for (let cycle = 1; cycle <= opts.cycles; cycle++) {
    signal?.throwIfAborted();
    const server = await startServer(bundle, dataDir);
    const abort = () => server.child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    try {
      signal?.throwIfAborted();
      const login = await fetch(`${server.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `172.16.${cycle >> 8 & 255}.${cycle & 255}` },
        body: JSON.stringify({ username: 'owner', password: OWNER_PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`owner login answered ${login.status}: ${await login.text()}`);
      const { token } = (await login.json()) as { token: string };
      // The kill comes 20-300 ms into the writes: mid-request, mid-transaction, mid-checkpoint, wherever.
      const killAfter = 20 + Math.floor(random() * 280);
      const result = await writeThenKill(server, token, opts.workers ?? 6, killAfter, ack);
      requestsSent += result.sent;
      if (result.inFlightAtKill > 0) killsMidWrite++;
    } catch (err) {
      abort();
      await server.exited;
      signal?.throwIfAborted();
      throw err;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
    signal?.throwIfAborted();
    last = checkDatabase(dataDir, ack);
    if (last.integrity !== 'ok' || last.missingQuotes.length > 0 || last.missingPolicies.length > 0) {
      failures.push(`cycle ${cycle}: integrity ${last.integrity}; missing ${last.missingQuotes.length} quotes, ${last.missingPolicies.length} policies`);
    }
    if (opts.log && (cycle % 10 === 0 || cycle === opts.cycles)) {
      opts.log(`  cycle ${cycle}/${opts.cycles}: ${ack.quotes.size} quotes and ${ack.policies.size} policies acknowledged, integrity ${last.integrity}`);
    }
  }
  return {
    ...last!,
    cycles: opts.cycles,
    killsMidWrite,
    requestsSent,
    acknowledgedQuotes: ack.quotes.size,
    acknowledgedPolicies: ack.policies.size,
    failures,
    seconds: (Date.now() - started) / 1000,
  };
}
