// Overload (docs/operations.md#overload): the password hashing queue is bounded and answers 503 with Retry-After
// at both doors when it is full; requests start in short, fair turns of the event loop (http/turn-gate.ts).
// Deterministic: the hashes are fake jobs the test finishes itself, and the turn gate reads a clock the test moves.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashingQueue, passwordHashing } from '../../src-server/platform/auth/password';
import { messages } from '../../src-server/contract/messages';
import { errorAnswerOf, OverloadedError } from '../../src-server/errors';
import { createTurnGate } from '../../src-server/platform/http/turn-gate';
import { createHarness, json, PASSWORD, type ErrorBody, type Harness } from './harness';

/** A fake hash: runs until the test calls finish(). */
function fakeHash() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { job: () => done, finish };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the hashing queue', () => {
  it('refuses with OverloadedError: 503 at the REST door, SERVICE_UNAVAILABLE (HTTP 503) over tRPC', () => {
    expect(errorAnswerOf(new OverloadedError('x', 1))).toEqual({ status: 503, trpcCode: 'SERVICE_UNAVAILABLE' });
    expect(getHTTPStatusCodeFromError(new TRPCError({ code: 'SERVICE_UNAVAILABLE' }))).toBe(503);
  });

  it('runs `concurrency` hashes at once, queues `maxWaiting` more in arrival order, and refuses the next with a 503 error', async () => {
    const queue = createHashingQueue({ concurrency: 1, maxWaiting: 2, initialHashMs: 1000, now: () => 0 });
    const started: string[] = [];
    const hashes = ['a', 'b', 'c'].map((name) => {
      const h = fakeHash();
      return { ...h, result: queue.run(() => (started.push(name), h.job())) };
    });
    await Promise.resolve();
    expect(started).toEqual(['a']);
    expect([queue.running, queue.waiting]).toEqual([1, 2]);

    // Full: one running and two waiting, each ~1 s, so come back in 3 s.
    const refused = queue.run(async () => started.push('d'));
    await expect(refused).rejects.toBeInstanceOf(OverloadedError);
    await expect(refused).rejects.toMatchObject({ message: messages.serverBusy, retryAfterSeconds: 3 });
    expect(() => queue.assertRoom()).toThrow(OverloadedError);

    // The first to wait is the next to run, and the freed place takes a newcomer again.
    hashes[0]!.finish();
    await hashes[0]!.result;
    expect(started).toEqual(['a', 'b']);
    expect(() => queue.assertRoom()).not.toThrow();
    const late = fakeHash();
    const lateResult = queue.run(() => (started.push('e'), late.job()));
    for (const h of [hashes[1]!, hashes[2]!, late]) h.finish();
    await Promise.all([hashes[1]!.result, hashes[2]!.result, lateResult]);
    expect(started).toEqual(['a', 'b', 'c', 'e']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a hash that failed', async () => {
    const queue = createHashingQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('says how long to wait from the hashes it has timed', async () => {
    let t = 0;
    const queue = createHashingQueue({ concurrency: 1, maxWaiting: 0, initialHashMs: 100, now: () => t });
    // Each hash takes 5 s on this clock; the estimate moves towards it (a moving average).
    for (let i = 0; i < 20; i++) await queue.run(async () => void (t += 5000));
    const blocker = fakeHash();
    const running = queue.run(blocker.job);
    await expect(queue.run(async () => undefined)).rejects.toMatchObject({ retryAfterSeconds: 5 });
    blocker.finish();
    await running;
  });
});

describe('the hashing queue’s fair shares', () => {
  /** Queues fake hashes; `refused` lists those refused or whose place was taken (a 503 each). */
  function fakeClients(queue: ReturnType<typeof createHashingQueue>) {
    const started: string[] = [];
    const refused: string[] = [];
    const hashes = new Map<string, ReturnType<typeof fakeHash> & { result: Promise<unknown> }>();
    const add = (name: string, address: string, known = false) => {
      const h = fakeHash();
      const result = queue.run(() => (started.push(name), h.job()), { address, known }).catch((err: unknown) => {
        if (!(err instanceof OverloadedError)) throw err;
        refused.push(name);
      });
      hashes.set(name, { ...h, result });
    };
    /** Finishes the named hashes one after the other, each once it has started. */
    const finish = async (...names: string[]) => {
      for (const name of names) {
        hashes.get(name)!.finish();
        await hashes.get(name)!.result;
      }
    };
    return { started, refused, add, finish };
  }

  it('one address cannot hold the queue: a newcomer from another takes its newest place, until they hold even shares', async () => {
    const queue = createHashingQueue({ concurrency: 1, maxWaiting: 4, now: () => 0 });
    const q = fakeClients(queue);
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) q.add(name, '203.0.113.1');
    expect([queue.running, queue.waiting]).toEqual([1, 4]);
    // Full, and all from one address: another of its own is refused at once, another address's is not.
    expect(() => queue.assertRoom({ address: '203.0.113.1' })).toThrow(OverloadedError);
    expect(() => queue.assertRoom({ address: '198.51.100.9' })).not.toThrow();

    q.add('b1', '198.51.100.9');
    q.add('b2', '198.51.100.9');
    // Two each now: the next from either address is refused.
    q.add('b3', '198.51.100.9');
    q.add('a6', '203.0.113.1');
    await nextTurn();
    expect(q.refused.sort()).toEqual(['a4', 'a5', 'a6', 'b3']);
    expect(queue.waiting).toBe(4);

    await q.finish('a1', 'a2', 'a3', 'b1', 'b2');
    expect(q.started).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
  });

  it('a sign-in from a known address waits ahead of the others and takes a place when the queue is full; never more than a few in a row', async () => {
    const queue = createHashingQueue({ concurrency: 1, maxWaiting: 4, maxKnownWaiting: 3, knownInARow: 2, now: () => 0 });
    const q = fakeClients(queue);
    // The queue full of hashes from five addresses, one each: no unknown newcomer may take a place.
    ['u0', 'u1', 'u2', 'u3', 'u4'].forEach((name, i) => q.add(name, `10.0.0.${i}`));
    q.add('u5', '10.0.0.5');
    // Known sign-ins are let in, each in the place of the newest waiting hash.
    ['k1', 'k2', 'k3'].forEach((name, i) => q.add(name, `192.0.2.${i}`, true));
    await nextTurn();
    expect(q.refused.sort()).toEqual(['u2', 'u3', 'u4', 'u5']);
    expect([queue.running, queue.waiting]).toEqual([1, 4]);

    await q.finish('u0', 'k1', 'k2', 'u1', 'k3');
    // Served first, but two in a row at most while another waits.
    expect(q.started).toEqual(['u0', 'k1', 'k2', 'u1', 'k3']);
  });
});

describe('a full hashing queue at the doors', () => {
  let h: Harness;
  const blockers: Array<ReturnType<typeof fakeHash>> = [];
  const blocked: Array<Promise<unknown>> = [];

  beforeAll(async () => {
    h = await createHarness();
    await h.addUser({ username: 'busy-user' });
  });
  afterAll(async () => {
    for (const b of blockers) b.finish();
    await Promise.all(blocked);
    await h.close();
  });

  /** Fills the process's own queue with fake hashes until the next one would be refused. */
  function fill() {
    for (;;) {
      try {
        passwordHashing.assertRoom();
      } catch {
        return;
      }
      const b = fakeHash();
      blockers.push(b);
      blocked.push(passwordHashing.run(b.job));
    }
  }
  function drain() {
    for (const b of blockers.splice(0)) b.finish();
    return Promise.all(blocked.splice(0));
  }

  it('REST: a sign-in or registration answers 503, the message and Retry-After; once it drains, sign-in works', async () => {
    fill();
    const login = await h.request('POST', '/api/login', { body: { username: 'busy-user', password: PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(login.status).toBe(503);
    expect(Number(login.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(Number(login.headers.get('retry-after')))).toBe(true);
    expect(await json<ErrorBody>(login)).toEqual({ error: messages.serverBusy });

    const register = await h.request('POST', '/api/register', {
      body: { username: 'busy-newcomer', email: 'busy-newcomer@example.test', password: 'a-long-password' },
      headers: { 'x-forwarded-for': '198.51.100.2' },
    });
    expect(register.status).toBe(503);
    expect(register.headers.get('retry-after')).not.toBeNull();
    expect((await json<ErrorBody>(register)).error).toBe(messages.serverBusy);

    await drain();
    expect((await h.request('POST', '/api/login', { body: { username: 'busy-user', password: PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(200);
  });

  it('strangers from many addresses fill the queue: a customer at an address they signed in from gets a place and signs in, a new address gets 503', async () => {
    const home = '198.51.100.20';
    const signIn = (address: string) => h.request('POST', '/api/login', { body: { username: 'busy-user', password: PASSWORD }, headers: { 'x-forwarded-for': address } });
    expect((await signIn(home)).status).toBe(200);
    // Fake hashes from 40 addresses, one each, as many as the queue takes; the one whose place is taken says so.
    const strangers: Array<ReturnType<typeof fakeHash>> = [];
    const done: Array<Promise<unknown>> = [];
    let placeTaken!: () => void;
    const displaced = new Promise<void>((resolve) => (placeTaken = resolve));
    for (let i = 0; ; i++) {
      const client = { address: `203.0.113.${i}` };
      try {
        passwordHashing.assertRoom(client);
      } catch {
        break;
      }
      const b = fakeHash();
      strangers.push(b);
      done.push(passwordHashing.run(b.job, client).catch(() => placeTaken()));
    }
    try {
      expect((await signIn('198.51.100.21')).status).toBe(503);
      const customer = signIn(home);
      expect(await Promise.race([displaced.then(() => 'waiting in a stranger’s place'), customer.then((r) => `answered ${r.status}`)])).toBe('waiting in a stranger’s place');
      // The hashes running finish; the customer's is the next to start.
      for (const b of strangers.slice(0, passwordHashing.running)) b.finish();
      expect((await customer).status).toBe(200);
    } finally {
      for (const b of strangers) b.finish();
      await Promise.all(done);
    }
  });

  it('tRPC over HTTP: SERVICE_UNAVAILABLE, HTTP 503, the message, Retry-After; the refused attempts were not counted as failures', async () => {
    fill();
    for (let i = 0; i < 6; i++) {
      const res = await h.app.request('/trpc/account.login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.3' },
        body: JSON.stringify({ username: 'busy-user', password: 'a-wrong-password' }),
      });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = await json<{ error: { message: string; data: { code: string; httpStatus: number } } }>(res);
      expect(body.error).toMatchObject({ message: messages.serverBusy, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } });
    }
    await drain();
    // Six refusals above, more than the failures allowed per name: none was counted, so the right password works.
    await expect(h.trpc(undefined, '198.51.100.3').account.login({ username: 'busy-user', password: PASSWORD, remember: false })).resolves.toMatchObject({
      user: { username: 'busy-user' },
    });
  });
});

describe('the turn gate', () => {
  it('starts requests at once within a turn’s budget, then queues them in arrival order for the following turns', async () => {
    let t = 0;
    const gate = createTurnGate({ budgetMs: 5, now: () => t });
    const started: string[] = [];
    // A request that, once started, works `ms` of the clock synchronously.
    const request = (name: string, ms: number) => {
      const wait = gate.enter();
      const start = () => {
        started.push(name);
        t += ms;
      };
      if (wait) void wait.then(start);
      else start();
    };

    request('a', 3);
    request('b', 3); // 3 ms into the turn: still within it
    request('c', 3); // 6 ms: waits
    request('d', 3);
    request('e', 3);
    expect(started).toEqual(['a', 'b']);
    expect(gate.waiting).toBe(3);

    // Next turn: c and d fit in 5 ms (the budget is checked after each one's work), e waits for the one after.
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    // A newcomer never overtakes those waiting.
    request('f', 1);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(gate.waiting).toBe(0);

    // Quiet again: the next request starts at once.
    await nextTurn();
    t += 100;
    request('g', 1);
    expect(started.at(-1)).toBe('g');
  });

  it('keeps arrival order through a long queue (its spent head is dropped as it goes)', async () => {
    let t = 0;
    const gate = createTurnGate({ budgetMs: 5, now: () => t });
    expect(gate.enter()).toBeUndefined();
    t = 10; // the turn is spent: everyone after this waits
    const started: number[] = [];
    const waits = Array.from({ length: 3000 }, (_, i) => gate.enter()!.then(() => started.push(i)));
    // The work takes no time on this clock, so the next turn starts them all, in order.
    await nextTurn();
    await Promise.all(waits);
    expect(started).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    expect(gate.waiting).toBe(0);
  });
});
