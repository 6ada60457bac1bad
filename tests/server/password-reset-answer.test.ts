// A reset request answers before anything depends on whether the address has an account
// (docs/product.md#password-reset): the same database work for a known and an unknown address up to the
// answer, and the token and its e-mail made only seconds after it, so neither the answer's timing nor that of the
// same client's next request can tell them apart. Checked by counting the work, by holding the mail back and on
// timers the test moves, never by the clock.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pendingAfterAnswer, settleAfterAnswer } from '../../src-server/platform/after-answer';
import { RESET_LINK_DELAY_MS } from '../../src-server/modules/accounts/password-reset/service';
import { createHarness, type Harness } from './harness';
import { expectJson } from './answers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => h.close());

const NEUTRAL = { message: 'If an account with that email exists, a password reset email has been sent.' };
let n = 0;
const requestReset = (email: string) =>
  h.request('POST', '/api/password-reset/request', { body: { email }, headers: { 'x-forwarded-for': `10.66.0.${++n}` } });

async function outboxTo(email: string): Promise<number> {
  const rs = await h.database.client.execute({ sql: 'select count(*) n from mail_outbox where to_address = ?', args: [email] });
  return Number(rs.rows[0]!['n']);
}

async function resetTokensOf(userId: number): Promise<number> {
  const rs = await h.database.client.execute({ sql: "select count(*) n from one_time_tokens where kind in ('reset', 'invite', 'verify', 'login') and user_id = ?", args: [userId] });
  return Number(rs.rows[0]!['n']);
}

/** Counts every call that reaches the database or the mail outbox while `run` is answered (not after). */
async function workUntilAnswered(run: () => Promise<Response>): Promise<{ status: number; work: Record<string, number> }> {
  const spies = {
    write: vi.spyOn(h.deps, 'write'),
    select: vi.spyOn(h.deps.db, 'select'),
    insert: vi.spyOn(h.deps.db, 'insert'),
    update: vi.spyOn(h.deps.db, 'update'),
    delete: vi.spyOn(h.deps.db, 'delete'),
    mail: vi.spyOn(h.deps.mailer, 'queue'),
  };
  try {
    // Read in the answer's own continuation: anything the request left for after its answer has not run yet.
    return await run().then((res) => ({ status: res.status, work: Object.fromEntries(Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length])) }));
  } finally {
    for (const spy of Object.values(spies)) spy.mockRestore();
  }
}

describe('the answer to a reset request', () => {
  it('costs the same database work for a known and an unknown address', async () => {
    const userId = await h.addUser({ username: 'known1', email: 'known1@example.test' });
    const known = await workUntilAnswered(() => requestReset('known1@example.test'));
    // The known address's token and e-mail are written after its answer: done before the next request is counted.
    await settleAfterAnswer(h.deps);
    const unknown = await workUntilAnswered(() => requestReset('unknown1@example.test'));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.work).toEqual(unknown.work);
    // The link is still made and mailed, after the answer.
    await settleAfterAnswer(h.deps);
    expect(await resetTokensOf(userId)).toBe(1);
    expect(await outboxTo('known1@example.test')).toBe(1);
    expect(await outboxTo('unknown1@example.test')).toBe(0);
  });

  it('does not wait for the token and its e-mail', async () => {
    const userId = await h.addUser({ username: 'known2', email: 'known2@example.test' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let queueCalled!: () => void;
    const queueReached = new Promise<string>((resolve) => (queueCalled = () => resolve('mail queued first')));
    const queue = h.deps.mailer.queue.bind(h.deps.mailer);
    vi.spyOn(h.deps.mailer, 'queue').mockImplementation(async (...args) => {
      queueCalled();
      await held;
      return queue(...args);
    });
    const answer = requestReset('known2@example.test');
    try {
      // The mail is held back until released: an answer that waited for it would come after the call to queue it.
      const first = await Promise.race([answer.then(() => 'answered'), queueReached]);
      expect(first).toBe('answered');
      expect(await expectJson(answer, 200)).toEqual(NEUTRAL);
      expect(await outboxTo('known2@example.test')).toBe(0);
    } finally {
      release();
      await answer;
      await settleAfterAnswer(h.deps);
    }
    expect(await outboxTo('known2@example.test')).toBe(1);
    expect(await resetTokensOf(userId)).toBe(1);
    const logged = await h.database.client.execute({ sql: "select count(*) n from audit_logs where action = 'Password reset requested' and user_id = ?", args: [userId] });
    expect(Number(logged.rows[0]!['n'])).toBe(1);
  });

  it('leaves the link’s work for seconds later, at a random moment: the same client’s next request meets none of it, known address or not', async () => {
    const userId = await h.addUser({ username: 'known4', email: 'known4@example.test' });
    await settleAfterAnswer(h.deps);
    // Timers on a clock the test moves; the event loop's own turns are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const address = '10.66.1.1';
      const spies = [vi.spyOn(h.deps, 'write'), vi.spyOn(h.deps.db, 'select'), vi.spyOn(h.deps.mailer, 'queue'), vi.spyOn(h.deps.mailer, 'deliverPending')];
      const calls = () => spies.map((spy) => spy.mock.calls.length);
      for (const email of ['known4@example.test', 'unknown4@example.test']) {
        const waiting = pendingAfterAnswer(h.deps);
        expect((await h.request('POST', '/api/password-reset/request', { body: { email }, headers: { 'x-forwarded-for': address } })).status).toBe(200);
        const answered = calls();
        // The same client's next request, and a few more turns of the event loop: no look-up, no write, no mail.
        expect((await h.request('GET', '/api/health', { headers: { 'x-forwarded-for': address } })).status).toBe(200);
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        expect(calls()).toEqual(answered);
        // One piece of work waits, whether the address has an account or not (counted as after-answer.ts holds it:
        // on a libSQL server the database client keeps timers of its own).
        expect(pendingAfterAnswer(h.deps)).toBe(waiting + 1);
      }
      vi.advanceTimersByTime(RESET_LINK_DELAY_MS.min - 1);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(await resetTokensOf(userId)).toBe(0);
      vi.advanceTimersByTime(RESET_LINK_DELAY_MS.max - RESET_LINK_DELAY_MS.min + 1);
      await settleAfterAnswer(h.deps);
      expect(await resetTokensOf(userId)).toBe(1);
      expect(await outboxTo('known4@example.test')).toBe(1);
      expect(await outboxTo('unknown4@example.test')).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is the same when the work after it fails, which is logged and leaves nothing half-made', async () => {
    const userId = await h.addUser({ username: 'known3', email: 'known3@example.test' });
    vi.spyOn(h.deps.mailer, 'queue').mockRejectedValue(new Error('outbox unavailable'));
    const logged = vi.spyOn(h.deps.logger, 'error');
    expect(await expectJson(requestReset('known3@example.test'), 200)).toEqual(NEUTRAL);
    await settleAfterAnswer(h.deps);
    expect(logged).toHaveBeenCalledTimes(1);
    // The token, the mail and the audit entry are one transaction: the failed mail took the token with it.
    expect(await resetTokensOf(userId)).toBe(0);
  });
});
