// The one-time-token store (docs/operations.md#one-time-tokens): hashed at rest, spent once, only by its own kind
// and account, and dropped by housekeeping once of no use (a spent passkey sign-in challenge only once expired).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runMaintenance } from '../../src-server/maintenance';
import { findToken, hashToken, issueToken, recordSpent, spendToken, spendWaiting } from '../../src-server/platform/tokens/index';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const MINUTE = 60_000;
const rowOf = async (secret: string) => (await h.database.client.execute({ sql: 'select * from one_time_tokens where token_hash = ?', args: [hashToken(secret)] })).rows[0];

it('stores only the hash, and spends a secret once, by its own kind and account only', async () => {
  const alice = await h.addUser({ username: 'ottalice' });
  const bob = await h.addUser({ username: 'ottbob' });
  const now = h.clock.now();
  const secret = await h.deps.write((tx) => issueToken(tx, { kind: 'email-change', userId: alice, target: 'new@example.test', ttlMs: 10 * MINUTE, now }));
  expect(JSON.stringify(await h.database.client.execute('select * from one_time_tokens'))).not.toContain(secret);
  expect(await rowOf(secret)).toMatchObject({ kind: 'email-change', user_id: alice, target: 'new@example.test', expires_at: now + 10 * MINUTE, used_at: null });

  expect(await findToken(h.database.db, secret, { kinds: ['reset', 'invite'] }, now)).toBeUndefined();
  expect(await findToken(h.database.db, secret, { kinds: ['email-change'], userId: bob }, now)).toBeUndefined();
  expect(await findToken(h.database.db, secret, { kinds: ['email-change'] }, now + 10 * MINUTE)).toBeUndefined();
  expect(await findToken(h.database.db, secret, { kinds: ['email-change'], userId: alice }, now)).toMatchObject({ target: 'new@example.test' });

  // Two spends racing with one secret: one wins.
  const spends = await Promise.all([0, 1].map(() => h.deps.write((tx) => spendToken(tx, secret, { kinds: ['email-change'] }, now))));
  expect(spends.filter((s) => s !== undefined)).toHaveLength(1);
  expect(await findToken(h.database.db, secret, { kinds: ['email-change'] }, now)).toBeUndefined();
});

it('spends every waiting token of the kinds asked for, and no other', async () => {
  const carol = await h.addUser({ username: 'ottcarol' });
  const now = h.clock.now();
  const issue = (kind: 'reset' | 'invite' | 'verify') => h.deps.write((tx) => issueToken(tx, { kind, userId: carol, ttlMs: MINUTE, now }));
  const [reset, invite, verify] = [await issue('reset'), await issue('invite'), await issue('verify')];
  expect(await h.deps.write((tx) => spendWaiting(tx, carol, ['reset', 'invite'], now))).toBe(2);
  expect(await findToken(h.database.db, reset, { kinds: ['reset'] }, now)).toBeUndefined();
  expect(await findToken(h.database.db, invite, { kinds: ['invite'] }, now)).toBeUndefined();
  expect(await findToken(h.database.db, verify, { kinds: ['verify'] }, now)).toBeDefined();
});

it('housekeeping drops spent and expired tokens, but keeps a spent passkey sign-in challenge until it expires', async () => {
  const dave = await h.addUser({ username: 'ottdave' });
  const now = h.clock.now();
  const waiting = await h.deps.write((tx) => issueToken(tx, { kind: 'verify', userId: dave, ttlMs: 10 * MINUTE, now }));
  const spent = await h.deps.write((tx) => issueToken(tx, { kind: 'reset', userId: dave, ttlMs: 10 * MINUTE, now }));
  await h.deps.write((tx) => spendToken(tx, spent, { kinds: ['reset'] }, now));
  const expiring = await h.deps.write((tx) => issueToken(tx, { kind: 'login', userId: dave, ttlMs: MINUTE, now }));
  const challenge = 'a-signed-sign-in-challenge-as-the-browser-answered-it';
  expect(await h.deps.write((tx) => recordSpent(tx, challenge, 'passkey-sign-in', now + 5 * MINUTE, now))).toBe(true);
  // Recorded once: a second answer with the same challenge is refused.
  expect(await h.deps.write((tx) => recordSpent(tx, challenge, 'passkey-sign-in', now + 5 * MINUTE, now))).toBe(false);

  h.clock.advance(2 * MINUTE);
  await runMaintenance(h.deps);
  expect([await rowOf(waiting), await rowOf(spent), await rowOf(expiring), await rowOf(challenge)].map((r) => r !== undefined)).toEqual([true, false, false, true]);

  h.clock.advance(4 * MINUTE);
  await runMaintenance(h.deps);
  expect(await rowOf(challenge)).toBeUndefined();
  expect(await rowOf(waiting)).toBeDefined();
});
