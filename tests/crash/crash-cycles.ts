// Crash safety (issue: writes in a child server process, SIGKILL at random moments, restart, every
// acknowledged write present and PRAGMA integrity_check ok). Shared by the 50-cycle test in `npm test`
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


/** Writes as fast as `workers` clients can until `stop` resolves; records every write the server acknowledged. */
async function writeUntil(server: ServerProcess, token: string, workers: number, stop: Promise<void>, ack: Acknowledged): Promise<number> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  let sent = 0;
  const worker = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      sent++;
      try {
        if ((w + i) % 2 === 0) {
          const { body, address } = quoteBody();
          const res = await fetch(`${server.base}/api/quotes`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify(body),
          });
          if (res.status === 201) ack.quotes.add(((await res.json()) as { reference: string }).reference);
          else if (res.status >= 500) throw new Error(`quote answered ${res.status}: ${await res.text()}`);
        } else {
          const res = await fetch(`${server.base}/api/admin/policies`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(policyBody(++serial)),
          });
          if (res.status === 201) ack.policies.add(((await res.json()) as { policyNumber: string }).policyNumber);
          else if (res.status >= 500) throw new Error(`policy answered ${res.status}: ${await res.text()}`);
        }
      } catch (err) {
        // A connection cut by the kill is an unacknowledged write: it may or may not have landed.
        if (err instanceof Error && err.message.includes('answered')) throw err;
        if (stopped) return;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return sent;
}

export interface CrashReport extends CheckResult {
  cycles: number;
  requestsSent: number;
  acknowledgedQuotes: number;
  acknowledgedPolicies: number;
  /** Cycles whose check found a problem (integrity or a lost write), with the cycle number. */
  failures: string[];
  seconds: number;
}

export async function runCrashCycles(opts: { cycles: number; seed?: number; workers?: number; log?: (line: string) => void }): Promise<CrashReport> {
  const started = Date.now();
  const bundle = await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kerbside-crash-'));
  const random = rng(opts.seed ?? 20261122);
  const ack: Acknowledged = { quotes: new Set(), policies: new Set() };
  const failures: string[] = [];
  let requestsSent = 0;
  let last: CheckResult | undefined;
  for (let cycle = 1; cycle <= opts.cycles; cycle++) {
    const server = await startServer(bundle, dataDir);
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `172.16.${cycle >> 8 & 255}.${cycle & 255}` },
      body: JSON.stringify({ username: 'owner', password: OWNER_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`owner login answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    // The kill comes 20-300 ms into the writes: mid-request, mid-transaction, mid-checkpoint, wherever.
    const killAfter = 20 + Math.floor(random() * 280);
    const stop = new Promise<void>((resolve) =>
      setTimeout(() => {
        server.child.kill('SIGKILL');
        resolve();
      }, killAfter),
    );
    requestsSent += await writeUntil(server, token, opts.workers ?? 6, stop, ack);
    await server.exited;
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
    requestsSent,
    acknowledgedQuotes: ack.quotes.size,
    acknowledgedPolicies: ack.policies.size,
    failures,
    seconds: (Date.now() - started) / 1000,
  };
}
