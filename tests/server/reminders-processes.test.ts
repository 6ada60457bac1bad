// Cover-ending reminders across real processes (docs/product.md#cover-ending-reminders): two app processes on one
// database run their minute job at the same moment, with the same stopped clock; every reminder due is
// queued once and delivered once between them, and a third process started afterwards (a restart) sends nothing.
// In the slow project: each process starts tsx (~1 s).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { epochToUkLocal } from '../../src-server/contract/time';
import { stopWithParent } from '../process/stop-with-parent';
import { createHarness, json, T0, validPolicy, type Harness } from './harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RUNNER = new URL('./processes/reminder-runner.ts', import.meta.url).pathname;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface Runner {
  child: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  result: Promise<{ reminded: number; mailed: number }>;
}

function startRunner(at: number): Runner {
  const child = stopWithParent(spawn(process.execPath, ['--import', 'tsx', RUNNER, h.databaseUrl, String(at)], { stdio: 'pipe' }));
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout });
  let onReady: () => void;
  const ready = new Promise<void>((r) => (onReady = r));
  const result = new Promise<{ reminded: number; mailed: number }>((resolve, reject) => {
    lines.on('line', (line) => (line === 'ready' ? onReady() : resolve(JSON.parse(line) as { reminded: number; mailed: number })));
    child.on('exit', (code) => reject(new Error(`runner exited ${code}: ${stderr}`)));
  });
  return { child, ready, result };
}

it('two processes at once queue and deliver each due reminder exactly once; a restart sends nothing again', async () => {
  await h.addUser({ username: 'proc-owner', isOwner: true });
  const customerId = await h.addUser({ username: 'proc-customer', email: 'proc@example.test' });
  const token = await h.tokenFor('proc-owner');
  const numbers: string[] = [];
  for (let i = 0; i < 12; i++) {
    const s = epochToUkLocal(T0 - DAY);
    const e = epochToUkLocal(T0 + (6 + i) * HOUR);
    const res = await h.request('POST', '/api/admin/policies', {
      token,
      body: { ...validPolicy, userId: customerId, startDate: s.date, startTime: s.time, endDate: e.date, endTime: e.time },
    });
    expect(res.status).toBe(201);
    numbers.push((await json<{ policyNumber: string }>(res)).policyNumber);
  }
  const now = T0 + 60_000;
  const a = startRunner(now);
  const b = startRunner(now);
  await Promise.all([a.ready, b.ready]);
  a.child.stdin.write('go\n');
  b.child.stdin.write('go\n');
  const [ra, rb] = await Promise.all([a.result, b.result]);
  expect(ra.reminded + rb.reminded).toBe(numbers.length);
  expect(ra.mailed + rb.mailed).toBe(numbers.length);

  const restarted = startRunner(now + 60_000);
  await restarted.ready;
  restarted.child.stdin.write('go\n');
  expect(await restarted.result).toEqual({ reminded: 0, mailed: 0 });

  const rs = await h.database.client.execute("select subject, status, attempts from mail_outbox where subject like '%your cover ends%'");
  for (const n of numbers) {
    const mails = rs.rows.filter((r) => String(r['subject']).endsWith(`(${n})`));
    expect(mails, n).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'logged', attempts: 1 });
  }
}, 60_000);
