// Migration 0023 on a database made before the one-time-token store (docs/operations.md#one-time-tokens): the rows of
// password_reset_tokens, email_changes and passkey_challenges move to one_time_tokens with their hashes as they were,
// so a link e-mailed before the upgrade opens after it, and one spent or expired before stays refused.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, expect, it } from 'vitest';
import { hashPassword } from '../../src-server/platform/auth/password';
import { openDatabase } from '../../src-server/platform/db/client';
import { createHarness, json, PASSWORD, T0, type Harness } from './harness';
import { expectJson } from './answers';
import { freshDatabase, migrationsUpTo } from './test-database';

const dir = mkdtempSync(join(tmpdir(), 'kerbside-0023-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const HOUR = 3600_000;
/** Secrets as the old code e-mailed them: only their hashes are written to the old tables. */
const links = {
  reset: 'old-reset-link-secret-aaaaaaaaaaaaaaaaaaaaaaaa',
  invite: 'old-invitation-secret-bbbbbbbbbbbbbbbbbbbbbbbb',
  change: 'old-email-change-secret-ccccccccccccccccccccccc',
  verify: 'old-confirmation-secret-ddddddddddddddddddddddd',
  spentReset: 'old-spent-reset-secret-eeeeeeeeeeeeeeeeeeeeeeee',
  expiredReset: 'old-expired-reset-secret-ffffffffffffffffffffff',
  register: 'old-passkey-register-challenge-gggggggggggggggg',
  signIn: 'old-passkey-sign-in-challenge-hhhhhhhhhhhhhhhhhh',
};

it('moves every waiting link, e-mail change and passkey challenge; an old reset, invitation and e-mail change link open after it', async () => {
  const { upTo: before } = migrationsUpTo(dir, 22);
  const store = await freshDatabase(dir, 'old.db');
  const old = await openDatabase({ url: store.url });
  let h: Harness | undefined;
  let oldOpen = true;
  try {
    await migrate(old.db, { migrationsFolder: before });
    const run = (sql: string, args: (string | number | null)[] = []) => old.client.execute({ sql, args });
    const hash = await hashPassword(PASSWORD);
    for (const [id, username, verified] of [
      [1, 'resetter', T0],
      [2, 'invited', null],
      [3, 'mover', T0],
      [4, 'confirmer', null],
    ] as const) {
      await run('insert into users (id, username, email, password_hash, email_verified_at, created_at, updated_at) values (?, ?, ?, ?, ?, 0, 0)', [
        id,
        username,
        `${username}@example.test`,
        hash,
        verified,
      ]);
    }
    const token = (userId: number, secret: string, purpose: string, expiresAt: number, usedAt: number | null = null) =>
      run('insert into password_reset_tokens (user_id, token_hash, purpose, expires_at, used_at, created_at) values (?, ?, ?, ?, ?, ?)', [
        userId,
        sha256(secret),
        purpose,
        expiresAt,
        usedAt,
        T0 - HOUR,
      ]);
    await token(1, links.reset, 'reset', T0 + HOUR);
    await token(1, links.spentReset, 'reset', T0 + HOUR, T0 - 60_000);
    await token(1, links.expiredReset, 'reset', T0 - 1);
    await token(2, links.invite, 'invite', T0 + 7 * 24 * HOUR);
    await token(4, links.verify, 'verify', T0 + 7 * 24 * HOUR);
    // An earlier change the newer one replaced, then the one waiting.
    await run('insert into email_changes (user_id, new_email, token_hash, expires_at, used_at, created_at) values (3, ?, ?, ?, ?, ?), (3, ?, ?, ?, null, ?)', [
      'first-choice@example.test',
      sha256('replaced-change-secret'),
      T0 + 23 * HOUR,
      T0 - HOUR,
      T0 - 2 * HOUR,
      'new-home@example.test',
      sha256(links.change),
      T0 + 23 * HOUR,
      T0 - HOUR,
    ]);
    await run('insert into passkey_challenges (challenge_hash, purpose, user_id, expires_at, used_at, created_at) values (?, ?, 3, ?, null, ?), (?, ?, null, ?, ?, ?)', [
      sha256(links.register),
      'register',
      T0 + 60_000,
      T0 - 60_000,
      sha256(links.signIn),
      'sign-in',
      T0 + 60_000,
      T0 - 30_000,
      T0 - 60_000,
    ]);
    old.close();
    oldOpen = false;

    // The app starts on the old database, as an upgrade does: it applies 0023 itself.
    h = await createHarness(T0, { databaseUrl: store.url });
    const tables = (await h.database.client.execute("select name from sqlite_master where type = 'table'")).rows.map((r) => r['name']);
    expect(tables).toContain('one_time_tokens');
    expect(tables).not.toContain('password_reset_tokens');
    expect(tables).not.toContain('email_changes');
    expect(tables).not.toContain('passkey_challenges');
    const moved = await h.database.client.execute('select kind, user_id, target, token_hash, expires_at, used_at from one_time_tokens order by id');
    expect(moved.rows.map((r) => [r['kind'], r['user_id'], r['target'], r['token_hash'], r['expires_at'], r['used_at']])).toEqual([
      ['reset', 1, null, sha256(links.reset), T0 + HOUR, null],
      ['reset', 1, null, sha256(links.spentReset), T0 + HOUR, T0 - 60_000],
      ['reset', 1, null, sha256(links.expiredReset), T0 - 1, null],
      ['invite', 2, null, sha256(links.invite), T0 + 7 * 24 * HOUR, null],
      ['verify', 4, null, sha256(links.verify), T0 + 7 * 24 * HOUR, null],
      ['email-change', 3, 'first-choice@example.test', sha256('replaced-change-secret'), T0 + 23 * HOUR, T0 - HOUR],
      ['email-change', 3, 'new-home@example.test', sha256(links.change), T0 + 23 * HOUR, null],
      ['passkey-register', 3, null, sha256(links.register), T0 + 60_000, null],
      ['passkey-sign-in', null, null, sha256(links.signIn), T0 + 60_000, T0 - 30_000],
    ]);
    const app = h;

    // The e-mail change waiting before the upgrade shows on the account page, and its link moves the account.
    const mover = await app.tokenFor('mover');
    expect(await json<{ pendingEmail: string | null }>(await app.request('GET', '/api/account', { token: mover }))).toMatchObject({ pendingEmail: 'new-home@example.test' });
    expect(await expectJson<{ account: { email: string } }>(app.request('POST', '/api/account/email/confirm', { token: mover, body: { token: links.change } }), 200)).toMatchObject({ account: { email: 'new-home@example.test' } });

    // The old reset link sets the password; the one spent and the one expired before the upgrade stay refused.
    const resetLink = (secret: string) => app.request('POST', '/api/password-reset/confirm', { body: { token: secret, password: 'a-new-passphrase-1' } });
    expect((await resetLink(links.spentReset)).status).toBe(400);
    expect((await resetLink(links.expiredReset)).status).toBe(400);
    const reset = await resetLink(links.reset);
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await app.request('POST', '/api/login', { body: { username: 'resetter', password: 'a-new-passphrase-1' } })).status).toBe(200);
    expect((await resetLink(links.reset)).status).toBe(400);

    // The old invitation sets the first password and signs in, confirming the address it was sent to.
    expect(await expectJson<{ session: { user: { username: string; emailVerified: boolean } } }>(app.request('POST', '/api/password-reset/confirm', { body: { token: links.invite, password: 'an-invited-passphrase' } }), 200)).toMatchObject({
      session: { user: { username: 'invited', emailVerified: true } },
    });

    // And the old confirmation link confirms its account's address.
    const confirmer = await app.tokenFor('confirmer');
    expect(await expectJson<{ user: { emailVerified: boolean } }>(app.request('POST', '/api/account/verify-email/confirm', { token: confirmer, body: { token: links.verify } }), 200)).toMatchObject({ user: { emailVerified: true } });
  } finally {
    if (oldOpen) old.close();
    await h?.close();
    await store.close();
  }
});
