// The token service keeps the tokens it accepted (auth/tokens.ts), so a busy session's token is neither re-hashed
// nor re-parsed on every request (docs/operations.md#benchmarks). What the cache must never change: the time
// checks run on every use against the clock given, and only the exact text once verified is taken from it.
import { expect, it } from 'vitest';
import { createTokenService } from '../../src-server/platform/auth/tokens';

const SECRET = 'token-cache-test-secret-token-cache-test-secret';
const T0 = Date.UTC(2026, 5, 1, 9, 0, 0);
const subject = { id: 7, username: 'tess', isAdmin: false, isOwner: false, sessionVersion: 2 };

it('answers a token again from what it verified, and still refuses it once expired by the clock given', async () => {
  const tokens = await createTokenService(SECRET);
  const { token, expiresAt } = await tokens.sign(subject, false, T0);
  const first = await tokens.verify(token, T0);
  expect(first).toMatchObject({ userId: 7, sessionVersion: 2 });
  expect(await tokens.verify(token, T0 + 60_000)).toEqual(first);
  expect(await tokens.verify(token, expiresAt)).toBeNull();
  expect(await tokens.verify(token, expiresAt - 1000)).toEqual(first);
});

it('refuses a token not yet issued by the clock given, then accepts the same text once its time has come', async () => {
  const tokens = await createTokenService(SECRET);
  const { token } = await tokens.sign(subject, false, T0 + 3600_000);
  expect(await tokens.verify(token, T0)).toBeNull();
  expect(await tokens.verify(token, T0 + 3600_000)).toMatchObject({ userId: 7 });
});

it('never takes another text for a verified one: a changed signature or payload is refused', async () => {
  const tokens = await createTokenService(SECRET);
  const { token } = await tokens.sign(subject, false, T0);
  expect(await tokens.verify(token, T0)).not.toBeNull();
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
  expect(await tokens.verify(`${header}.${payload}.${flipped}`, T0)).toBeNull();
  const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '8' })).toString('base64url');
  expect(await tokens.verify(`${header}.${otherPayload}.${signature}`, T0)).toBeNull();
  // Another service (another secret) never sees the first one's cache.
  const other = await createTokenService(`${SECRET}-other`);
  expect(await other.verify(token, T0)).toBeNull();
});

it('a token verified before 10,000 others (dropped when the cache filled, oldest first) is verified again, not refused', async () => {
  const tokens = await createTokenService(SECRET);
  const first = (await tokens.sign(subject, false, T0)).token;
  expect(await tokens.verify(first, T0)).not.toBeNull();
  // 10,000 other sessions fill the cache; the first token, still in use, is answered from it halfway.
  for (let i = 0; i < 10_000; i++) {
    const { token } = await tokens.sign({ ...subject, id: 100 + i }, false, T0);
    expect(await tokens.verify(token, T0)).not.toBeNull();
    if (i === 5_000) expect(await tokens.verify(first, T0)).toMatchObject({ userId: 7 });
  }
  expect(await tokens.verify(first, T0)).toMatchObject({ userId: 7, sessionVersion: 2 });
});
