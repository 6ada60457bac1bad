// scrypt (memory-hard, in Node's crypto: no native add-on to build) with a per-password random salt.
// The parameters travel inside the stored string so they can be raised later without breaking old hashes.
// Every hash goes through one bounded queue per process (createHashingQueue below, docs/operations.md#overload).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { messages } from '../contract/messages';
import { OverloadedError } from '../errors';

const N = 16384; // 2^14 x r=8 -> 16 MiB per hash, ~40 ms on this class of machine
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

export interface HashingQueueOptions {
  /** Hashes computed at the same time. */
  concurrency: number;
  /** Hashes that may wait for their turn; one more is refused at once with OverloadedError (503). */
  maxWaiting: number;
  /** Expected milliseconds per hash before any has been timed (the first Retry-After's estimate). */
  initialHashMs?: number;
  now?: () => number;
}

export interface HashingQueue {
  /** Runs `job` (one hash) when a slot is free, in arrival order; throws OverloadedError when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Throws the OverloadedError `run` would throw now, queueing nothing: lets a caller refuse before it writes. */
  assertRoom(): void;
  readonly running: number;
  readonly waiting: number;
}

/**
 * A bounded FIFO in front of the password hashing. Why: scrypt runs on libuv's threadpool (4 threads, shared
 * with file reads and DNS) and each hash is ~50 ms of a core. Unbounded, every sign-in of a burst queued its hash
 * there: up to 4 hashing threads shared a 2-core machine with the event loop, which serves every other request,
 * and each queued sign-in waited as long as the burst lasted (login p99 ~10 s flat out). Bounded, the excess is
 * refused at once with 503 + Retry-After (the time the queue ahead needs), which a client can act on.
 */
export function createHashingQueue(opts: HashingQueueOptions): HashingQueue {
  const now = opts.now ?? (() => performance.now());
  const waiters: Array<() => void> = [];
  let running = 0;
  // Moving average of recent hashes, for an honest Retry-After on this machine under its current load.
  let averageMs = opts.initialHashMs ?? 60;

  const refusal = () => {
    const ahead = running + waiters.length;
    const seconds = Math.max(1, Math.ceil((ahead * averageMs) / opts.concurrency / 1000));
    return new OverloadedError(messages.serverBusy, seconds);
  };
  const release = () => {
    running--;
    const next = waiters.shift();
    if (next) {
      running++;
      next();
    }
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= opts.concurrency) {
        if (waiters.length >= opts.maxWaiting) throw refusal();
        // release() hands its slot straight to the first waiter, so nobody overtakes the queue.
        await new Promise<void>((resolve) => waiters.push(resolve));
      } else {
        running++;
      }
      const startedAt = now();
      try {
        return await job();
      } finally {
        averageMs = 0.8 * averageMs + 0.2 * (now() - startedAt);
        release();
      }
    },
    assertRoom() {
      if (running >= opts.concurrency && waiters.length >= opts.maxWaiting) throw refusal();
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
  };
}

/**
 * The process's hashing queue (docs/operations.md#overload has the measurements). One hash at a time on a 2-core
 * machine, cores - 1 in general: a core stays with the event loop, which serves everything else. Measured flat
 * out, two at a time checked ~38 logins/s instead of ~20 but cut every other answer's throughput by a third. At
 * most 3, so one of libuv's 4 threadpool threads stays free for file reads and DNS. 32 waiting is ~1.5 s of work
 * at ~50 ms a hash; it also keeps the tests' bursts of 30 parallel sign-ins clear of the limit.
 */
export const passwordHashing = createHashingQueue({ concurrency: Math.max(1, Math.min(availableParallelism() - 1, 3)), maxWaiting: 32 });

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: MAX_MEM });
  return timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username answers no faster than a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  // A refusal (queue full) is not kept: the next sign-in makes the dummy hash again.
  dummyHash ??= hashPassword('not-a-real-password').catch((err: unknown) => {
    dummyHash = undefined;
    throw err;
  });
  await verifyPassword(password, await dummyHash);
  return false;
}
