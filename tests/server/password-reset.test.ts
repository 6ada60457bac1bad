// Password reset (docs/product.md#password-reset): real, single-use, hashed at rest, 30 minutes, and never a hint about
// which e-mail addresses have accounts.
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import { createHarness, json, PASSWORD, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { latestLinkTo } from './mail-links';

const NEUTRAL = 'If an account with that email exists, a password reset email has been sent.';
const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';
const CHANGED = 'Your password has been changed. You can now login.';
const NEW_PASSWORD = 'a-brand-new-passphrase';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

let addressCounter = 0;
/** A fresh client address per call keeps the per-address limit out of tests that are not about it. */
const freshAddress = () => `10.9.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`;

/** `call`'s answer, once the work the request left for after its answer (the link and its e-mail) is done. */
async function settled<T>(call: Promise<T>): Promise<T> {
  const answer = await call;
  await settleAfterAnswer(h.deps);
  return answer;
}

const requestReset = (email: unknown, address = freshAddress()) =>
  settled(h.request('POST', '/api/password-reset/request', { body: { email }, headers: { 'x-forwarded-for': address } }));
const confirmReset = (token: unknown, password: unknown = NEW_PASSWORD) => h.request('POST', '/api/password-reset/confirm', { body: { token, password } });
const login = (username: string, password: string) =>
  h.request('POST', '/api/login', { body: { username, password }, headers: { 'x-forwarded-for': freshAddress() } });

let userCounter = 0;
async function newUser(): Promise<{ id: number; username: string; email: string }> {
  const username = `reset${++userCounter}`;
  const email = `${username}@example.test`;
  const id = await h.addUser({ username, email });
  return { id, username, email };
}

async function mailsTo(email: string): Promise<Array<{ subject: string; text: string }>> {
  const rs = await h.database.client.execute({ sql: 'select subject, text_body from mail_outbox where to_address = ? order by id', args: [email] });
  return rs.rows.map((r) => ({ subject: String(r['subject']), text: String(r['text_body']) }));
}

/** The origin and token of the newest reset link e-mailed to `email`. */
async function latestLink(email: string): Promise<{ origin: string; token: string }> {
  const { url, token } = await latestLinkTo(h, email, '/reset-password');
  return { origin: url.origin, token };
}

describe('POST /api/password-reset/request', () => {
  it('answers an unknown and a known address identically; only the known one gets mail', async () => {
    const user = await newUser();
    const unknown = await requestReset('nobody-at-all@example.test');
    const known = await requestReset(user.email);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    const [unknownBody, knownBody] = [await json(unknown), await json(known)];
    expect(knownBody).toEqual({ message: NEUTRAL });
    expect(unknownBody).toEqual(knownBody);
    expect(await mailsTo('nobody-at-all@example.test')).toEqual([]);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Kerbside Cover password');
    expect(mails[0]!.text).toContain(`Hello ${user.username},`);
    expect(mails[0]!.text).toContain('within 30 minutes');
  });

  it('matches the address whatever its case, and logs the request', async () => {
    const user = await newUser();
    expect((await requestReset(user.email.toUpperCase())).status).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
    const rs = await h.database.client.execute({ sql: "select username from audit_logs where action = 'Password reset requested' and user_id = ?", args: [user.id] });
    expect(rs.rows.map((r) => r['username'])).toEqual([user.username]);
  });

  it('links to PUBLIC_URL, never to the Host the request names (reset-link poisoning)', async () => {
    const user = await newUser();
    const poisoned = () =>
      settled(
        h.request('POST', 'http://attacker.example/api/password-reset/request', {
          body: { email: user.email },
          headers: { 'x-forwarded-for': freshAddress(), host: 'attacker.example' },
        }),
      );
    await poisoned();
    expect((await latestLink(user.email)).origin).toBe('http://localhost:3000');
    const configured = h.deps.publicUrl;
    h.deps.publicUrl = 'https://kerbsidecover.example';
    try {
      await poisoned();
    } finally {
      h.deps.publicUrl = configured;
    }
    expect((await latestLink(user.email)).origin).toBe('https://kerbsidecover.example');
  });

  it('stores only the SHA-256 of the token, expiring in 30 minutes', async () => {
    const user = await newUser();
    await requestReset(user.email);
    const { token } = await latestLink(user.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rs = await h.database.client.execute({ sql: "select * from one_time_tokens where kind in ('reset', 'invite', 'verify', 'login') and user_id = ?", args: [user.id] });
    expect(rs.rows).toHaveLength(1);
    const row = rs.rows[0]!;
    expect(row['token_hash']).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Number(row['expires_at']) - Number(row['created_at'])).toBe(30 * 60_000);
    expect(row['used_at']).toBeNull();
  });

  it('answers 400 to bad input and sends nothing', async () => {
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: 42 }]) {
      const res = await h.request('POST', '/api/password-reset/request', { body, headers: { 'x-forwarded-for': freshAddress() } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.email).toBeDefined();
    }
    const malformed = await h.request('POST', '/api/password-reset/request', { rawBody: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toEqual({ error: 'The request body is not valid JSON' });
    const rs = await h.database.client.execute("select count(*) n from mail_outbox where to_address = 'not-an-email'");
    expect(rs.rows[0]!['n']).toBe(0);
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('the link works once: new password in, old password out, every session ended', async () => {
    const user = await newUser();
    const session = await h.tokenFor(user.username);
    expect((await h.request('GET', '/api/me', { token: session })).status).toBe(200);

    await requestReset(user.email);
    const { token } = await latestLink(user.email);
    const res = await confirmReset(token);
    expect(res.status).toBe(200);
    // The one session signed in is ended (docs/product.md#e-mail-confirmation): nothing else was there to remove.
    expect(await json(res)).toEqual({ message: CHANGED, removed: { passkeys: [], emailChanges: 0, links: 0, sessions: 1 } });

    expect((await h.request('GET', '/api/me', { token: session })).status).toBe(401);
    expect((await login(user.username, PASSWORD)).status).toBe(401);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);

    expect(await expectJson(confirmReset(token, 'yet-another-passphrase'), 400)).toEqual({ error: INVALID_LINK });
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);

    const log = await h.database.client.execute({ sql: "select count(*) n from audit_logs where action = 'Password reset completed' and user_id = ?", args: [user.id] });
    expect(log.rows[0]!['n']).toBe(1);
    const mails = await mailsTo(user.email);
    expect(mails.at(-1)!.subject).toBe('Your Kerbside Cover password has been changed');
  });

  it('refuses a link after 30 minutes', async () => {
    const user = await newUser();
    await requestReset(user.email);
    const { token } = await latestLink(user.email);
    h.clock.advance(31 * 60_000);
    expect(await expectJson(confirmReset(token), 400)).toEqual({ error: INVALID_LINK });
    expect((await login(user.username, PASSWORD)).status).toBe(200);
  });

  it('only the newest of two links works', async () => {
    const user = await newUser();
    await requestReset(user.email);
    const first = (await latestLink(user.email)).token;
    await requestReset(user.email);
    const second = (await latestLink(user.email)).token;
    expect(second).not.toBe(first);
    expect((await confirmReset(first)).status).toBe(400);
    expect((await confirmReset(second)).status).toBe(200);
    expect((await login(user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('a password staff set ends every earlier reset link', async () => {
    const user = await newUser();
    await h.addUser({ username: `resetstaff${userCounter}`, isAdmin: true });
    const staff = await h.tokenFor(`resetstaff${userCounter}`);
    await requestReset(user.email);
    const { token } = await latestLink(user.email);
    const res = await h.request('PUT', `/api/admin/users/${user.id}`, {
      token: staff,
      body: { username: user.username, email: user.email, isAdmin: false, isOwner: false, password: 'set-by-staff-on-the-phone' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await confirmReset(token)).status).toBe(400);
    expect((await login(user.username, 'set-by-staff-on-the-phone')).status).toBe(200);
  });

  it('opening a reset link confirms the address: only its mailbox received it', async () => {
    const user = await newUser();
    await h.deps.write((tx) => tx.run(sql`update users set email_verified_at = null where id = ${user.id}`));
    await requestReset(user.email);
    expect((await confirmReset((await latestLink(user.email)).token)).status).toBe(200);
    const rs = await h.database.client.execute({ sql: 'select email_verified_at from users where id = ?', args: [user.id] });
    expect(rs.rows[0]!['email_verified_at']).not.toBeNull();
  });

  it('answers 400 to an unknown token and to bad input, changing nothing', async () => {
    const user = await newUser();
    await requestReset(user.email);
    const { token } = await latestLink(user.email);
    expect(await expectJson(confirmReset('x'.repeat(43)), 400)).toEqual({ error: INVALID_LINK });
    for (const [t, p] of [
      [undefined, NEW_PASSWORD],
      ['short', NEW_PASSWORD],
      ['x'.repeat(201), NEW_PASSWORD],
      [token, undefined],
      [token, 'short'],
      [token, 'x'.repeat(129)],
    ] as const) {
      const res = await h.request('POST', '/api/password-reset/confirm', { body: { token: t, password: p } });
      expect(res.status, `${String(t).slice(0, 10)} ${String(p)}`).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors).toBeDefined();
    }
    expect((await h.request('POST', '/api/password-reset/confirm', { rawBody: 'nope' })).status).toBe(400);
    // The link is still good after all that.
    expect((await confirmReset(token)).status).toBe(200);
  });

  it('two confirmations racing with one link: exactly one wins', async () => {
    const user = await newUser();
    await requestReset(user.email);
    const { token } = await latestLink(user.email);
    const answers = await Promise.all([confirmReset(token, 'racer-one-passphrase'), confirmReset(token, 'racer-two-passphrase')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});

describe('request throttling: over the limit, the same neutral answer and no mail', () => {
  it('3 an hour per e-mail address, from any client address', async () => {
    const user = await newUser();
    for (let i = 0; i < 3; i++) expect(await json(await requestReset(user.email))).toEqual({ message: NEUTRAL });
    expect(await expectJson(requestReset(user.email.toUpperCase()), 200)).toEqual({ message: NEUTRAL });
    expect(await mailsTo(user.email)).toHaveLength(3);
    // The unknown address is limited the same way, so the limit tells nothing either.
    for (let i = 0; i < 4; i++) expect(await json(await requestReset('ghost@example.test'))).toEqual({ message: NEUTRAL });

    h.clock.advance(60 * 60_000 + 1);
    await requestReset(user.email);
    expect(await mailsTo(user.email)).toHaveLength(4);
  });

  it('10 an hour per client address, whatever the e-mail', async () => {
    const user = await newUser();
    const address = '192.0.2.77';
    for (let i = 0; i < 10; i++) expect((await requestReset(`someone${i}@example.test`, address)).status).toBe(200);
    expect(await expectJson(requestReset(user.email, address), 200)).toEqual({ message: NEUTRAL });
    expect(await mailsTo(user.email)).toEqual([]);
    // Refusals are counted in memory and written in a batch (audit/refusal-log.ts).
    await h.deps.refusals.log.flush();
    const rs = await h.database.client.execute("select count(*) n from audit_logs where action = 'Password reset request throttled' and level = 'warning'");
    expect(Number(rs.rows[0]!['n'])).toBeGreaterThan(0);
    // Another address is not affected.
    await requestReset(user.email);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('tRPC passwordReset', () => {
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'OK',
      (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
    );

  it('request and confirm work like the REST door', async () => {
    const user = await newUser();
    const configured = h.deps.publicUrl;
    h.deps.publicUrl = 'https://kerbsidecover.example';
    try {
      expect(await settled(h.trpc(undefined, freshAddress()).passwordReset.request({ email: user.email }))).toEqual({ message: NEUTRAL });
      expect(await settled(h.trpc(undefined, freshAddress()).passwordReset.request({ email: 'nobody-trpc@example.test' }))).toEqual({ message: NEUTRAL });
    } finally {
      h.deps.publicUrl = configured;
    }
    const { origin, token } = await latestLink(user.email);
    expect(origin).toBe('https://kerbsidecover.example');
    expect(await h.trpc().passwordReset.confirm({ token, password: NEW_PASSWORD })).toEqual({ message: CHANGED, removed: { passkeys: [], emailChanges: 0, links: 0, sessions: 0 } });
    expect(await codeOf(h.trpc().passwordReset.confirm({ token, password: NEW_PASSWORD }))).toBe('BAD_REQUEST');
    expect(await codeOf(h.trpc().passwordReset.request({ email: 'nope' }))).toBe('BAD_REQUEST');
  });
});
