// scrypt (memory-hard, in Node's crypto) with a per-password salt; the parameters travel in the stored string so
// they can be raised later. Every hash goes through one bounded queue per process (docs/operations.md#overload).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { messages } from '../../contract/messages';
import { OverloadedError } from '../../errors';

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
  /** Of those, how many may be known sign-ins (served first, taking another's place when full); a quarter by default. */
  maxKnownWaiting?: number;
  /** Known sign-ins started in a row while others wait, before one of the others starts (3 by default). */
  knownInARow?: number;
  /** Expected milliseconds per hash before any has been timed (the first Retry-After's estimate). */
  initialHashMs?: number;
  now?: () => number;
}

/** Whose hash it is, so the queue can share its waiting places out fairly (docs/operations.md#overload). */
export interface HashingClient {
  /** The client address as the per-address limits count it (auth/throttle-address.ts: an IPv6 client by its /64). */
  address: string;
  /** A sign-in from an address the account signed in from in the last 30 days (loginThrottleKeys.known). */
  known?: boolean;
}

interface Waiter {
  address: string | undefined;
  start(): void;
  refuse(err: Error): void;
}

/**
 * A bounded queue in front of the password hashing (docs/operations.md#overload): scrypt's ~50 ms a hash on libuv's
 * threadpool would otherwise starve the event loop in a burst; the excess gets 503 + Retry-After. Places are shared
 * fairly: when full, a newcomer takes the newest place of the address holding at least two more, and known sign-ins
 * wait in a lane of their own, served first (at most `knownInARow` in a row) and taking another's place when full.
 */
export function createHashingQueue(opts: HashingQueueOptions) {
  const now = opts.now ?? (() => performance.now());
  const maxKnown = opts.maxKnownWaiting ?? Math.ceil(opts.maxWaiting / 4);
  const knownInARow = opts.knownInARow ?? 3;
  const known: Waiter[] = [];
  const others: Waiter[] = [];
  let running = 0;
  let knownStarted = 0;
  // Moving average of recent hashes, for an honest Retry-After on this machine under its current load.
  let averageMs = opts.initialHashMs ?? 60;

  const refusal = () => {
    const ahead = running + known.length + others.length;
    const seconds = Math.max(1, Math.ceil((ahead * averageMs) / opts.concurrency / 1000));
    return new OverloadedError(messages.serverBusy, seconds);
  };

  /** The address holding the most waiting places (known aside; ties: the last to queue), and its newest hash. */
  const largestHolder = (): { waiter: Waiter; holds: number } | undefined => {
    const held = new Map<string, number>();
    for (const w of others) if (w.address !== undefined) held.set(w.address, (held.get(w.address) ?? 0) + 1);
    const most = Math.max(0, ...held.values());
    const waiter = others.findLast((w) => w.address !== undefined && held.get(w.address) === most);
    return waiter && { waiter, holds: most };
  };

  /** Where `client` would wait, and whose place it would take: undefined when it is refused. */
  const placeFor = (client: HashingClient | undefined): { lane: Waiter[]; displaced?: Waiter } | undefined => {
    const lane = client?.known && known.length < maxKnown ? known : others;
    if (known.length + others.length < opts.maxWaiting) return { lane };
    if (lane === known) {
      const displaced = largestHolder()?.waiter ?? others.at(-1);
      return displaced ? { lane, displaced } : undefined;
    }
    const top = largestHolder();
    const mine = client ? others.filter((w) => w.address === client.address).length : 0;
    return top && top.holds >= mine + 2 ? { lane, displaced: top.waiter } : undefined;
  };

  const next = (): Waiter | undefined => {
    if (known.length > 0 && (others.length === 0 || knownStarted < knownInARow)) {
      knownStarted++;
      return known.shift();
    }
    knownStarted = 0;
    return others.shift();
  };

  /** A finished hash's slot passes to the next waiter, or is freed. */
  const release = () => {
    const waiter = next();
    if (waiter) waiter.start();
    else running--;
  };

  return {
    /** Runs `job` when a slot is free, known sign-ins first; throws OverloadedError when full and no place can be taken. */
    async run<T>(job: () => Promise<T>, client?: HashingClient): Promise<T> {
      if (running >= opts.concurrency) {
        const place = placeFor(client);
        if (!place) throw refusal();
        if (place.displaced) {
          others.splice(others.indexOf(place.displaced), 1);
          place.displaced.refuse(refusal());
        }
        // release() hands its slot straight to the next waiter, so nobody overtakes the queue.
        await new Promise<void>((start, refuse) => place.lane.push({ address: client?.address, start, refuse }));
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
    /** Throws the OverloadedError `run` would throw now, queueing nothing: lets a caller refuse before it writes. */
    assertRoom(client?: HashingClient) {
      if (running >= opts.concurrency && !placeFor(client)) throw refusal();
    },
    get running() {
      return running;
    },
    get waiting() {
      return known.length + others.length;
    },
  };
}

/**
 * The process's hashing queue (docs/operations.md#overload): cores - 1 at once, so a core stays with the event loop,
 * and at most 3, so a libuv thread stays free for file reads and DNS; 32 waiting is ~1.5 s of work.
 */
export const passwordHashing = createHashingQueue({ concurrency: Math.max(1, Math.min(availableParallelism() - 1, 3)), maxWaiting: 32 });

const scryptAsync = promisify<string, Buffer, number, ScryptOptions, Buffer>(scryptCb);

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions, client: HashingClient | undefined): Promise<Buffer> {
  return passwordHashing.run(() => scryptAsync(password.normalize('NFKC'), salt, keylen, options), client);
}

/** `client`: whose request it is, where a client asked for it (registration), for the queue's fair shares. */
export async function hashPassword(password: string, client?: HashingClient): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEM }, client);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string, client?: HashingClient): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: MAX_MEM }, client);
  return timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username answers no faster than a wrong password. */
export async function verifyAgainstDummy(password: string, client?: HashingClient): Promise<false> {
  // A refusal (queue full) is not kept: the next sign-in makes the dummy hash again.
  dummyHash ??= hashPassword('not-a-real-password').catch((err: unknown) => {
    dummyHash = undefined;
    throw err;
  });
  await verifyPassword(password, await dummyHash, client);
  return false;
}
