// Two real processes delivering one outbox (docs/operations.md#mail): each message is claimed in the database before
// it is sent, so two processes delivering at the same moment to one SMTP server send every message exactly once;
// and the claim of a process killed mid-send lapses after the lease, when the other process delivers its messages.
// In the slow project: each runner process starts tsx (~1 s).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLAIM_LEASE_MS, createMailer } from '../../src-server/platform/mail/mailer';
import { stopWithParent } from '../process/stop-with-parent';
import { createHarness, T0, type Harness } from './harness';
import { parseMime, startSmtpServer, waitFor, type TestSmtpServer } from './smtp';

const RUNNER = new URL('./processes/mail-runner.ts', import.meta.url).pathname;

let h: Harness;
let server: TestSmtpServer;
/** How the server answers each message; the tests change it. */
let answer: () => Promise<void> | void = () => undefined;
let a: Runner;
let b: Runner;
beforeAll(async () => {
  h = await createHarness();
  server = await startSmtpServer({ answer: () => answer() });
  // Two processes for both tests: starting one costs ~1 s.
  a = startRunner(server.url);
  b = startRunner(server.url);
  await Promise.all([a.ready, b.ready]);
}, 60_000);
afterAll(async () => {
  for (const r of [a, b]) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
  await server.close();
  await h.close();
});

interface Runner {
  child: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  /** Runs delivery at `at` (the runner's stopped clock) until a run handles nothing; answers how many it handled. */
  deliver(at: number): Promise<number>;
  exited: Promise<void>;
}

function startRunner(smtpUrl: string): Runner {
  const child = stopWithParent(spawn(process.execPath, ['--import', 'tsx', RUNNER, h.databaseUrl, smtpUrl], { stdio: 'pipe' }));
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const next = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      void exited.then(() => reject(new Error(`runner exited ${child.exitCode ?? child.signalCode}: ${stderr}`)));
    });
  const ready = next().then((line) => expect(line).toBe('ready'));
  const runner: Runner = {
    child,
    ready,
    exited,
    async deliver(at) {
      const answer = next();
      child.stdin.write(`deliver ${at}\n`);
      return (JSON.parse(await answer) as { handled: number }).handled;
    },
  };
  return runner;
}

async function queue(subjects: string[]) {
  const mailer = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger: pino({ level: 'silent' }) });
  await h.deps.write(async (tx) => {
    for (const subject of subjects) await mailer.queue(tx, { to: 'customer@example.test', subject, text: `Body of ${subject}` });
  });
}

async function rows(prefix: string) {
  const rs = await h.database.client.execute({ sql: 'select subject, status, attempts, claimed_at from mail_outbox where subject like ? order by id', args: [`${prefix}%`] });
  return rs.rows.map((r) => ({ subject: String(r['subject']), status: String(r['status']), attempts: Number(r['attempts']), claimedAt: r['claimed_at'] }));
}

/** How many times each subject was accepted, for those that start with `prefix`. */
function acceptedCounts(server: TestSmtpServer, prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of server.accepted) {
    const subject = parseMime(m.raw).headers.get('subject') ?? '';
    if (subject.startsWith(prefix)) counts.set(subject, (counts.get(subject) ?? 0) + 1);
  }
  return counts;
}

it('two processes delivering 40 messages at the same moment to a slow server send each exactly once', async () => {
  const subjects = Array.from({ length: 40 }, (_, i) => `Together ${String(i + 1).padStart(2, '0')}`);
  await queue(subjects);
  // The server answers no message until two senders are connected at once: the two runs certainly overlap.
  answer = () => waitFor('two senders connected at once', () => server.maxOpenSessions() >= 2, 15_000).catch(() => undefined);
  const [ha, hb] = await Promise.all([a.deliver(T0), b.deliver(T0)]);

  expect(server.maxOpenSessions()).toBeGreaterThanOrEqual(2);
  // Each took a batch (20 at a time) and neither sent what the other had claimed.
  expect(ha).toBeGreaterThan(0);
  expect(hb).toBeGreaterThan(0);
  expect(ha + hb).toBe(subjects.length);
  expect(server.arrived).toHaveLength(subjects.length);
  const counts = acceptedCounts(server, 'Together ');
  expect([...counts.keys()].sort()).toEqual(subjects);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect((await rows('Together ')).every((r) => r.status === 'sent' && r.attempts === 1 && r.claimedAt === null)).toBe(true);

  // Asked again, neither finds anything left.
  expect(await Promise.all([a.deliver(T0 + 60_000), b.deliver(T0 + 60_000)])).toEqual([0, 0]);
}, 60_000);

it("a process killed mid-send leaves its claim; the other delivers those messages once the lease has lapsed, not before", async () => {
  const subjects = Array.from({ length: 5 }, (_, i) => `Orphaned ${i + 1}`);
  await queue(subjects);
  const at = T0 + 3_600_000;
  // Holds the first message unanswered, so the process is killed in the middle of sending it.
  answer = () => new Promise<void>(() => undefined);
  const arrivedBefore = server.arrived.length;

  void b.deliver(at).catch(() => undefined);
  await waitFor('the first message to reach the server', () => server.arrived.length === arrivedBefore + 1);
  b.child.kill('SIGKILL');
  await b.exited;
  expect((await rows('Orphaned ')).map((r) => [r.status, r.claimedAt])).toEqual(subjects.map(() => ['sending', at]));
  answer = () => undefined;

  expect(await a.deliver(at + CLAIM_LEASE_MS - 1)).toBe(0);
  expect((await rows('Orphaned ')).every((r) => r.status === 'sending')).toBe(true);
  expect(await a.deliver(at + CLAIM_LEASE_MS + 1)).toBe(subjects.length);

  const counts = acceptedCounts(server, 'Orphaned ');
  expect([...counts.keys()].sort()).toEqual(subjects);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  // The dead process's attempt never finished, so it is not counted.
  expect((await rows('Orphaned ')).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
}, 60_000);
