// Invitations (docs/product.md#welcome): a policy issued to a new account e-mails a single-use link to
// /welcome, valid 7 days, stored hashed with purpose 'invite' beside reset links. POST
// /api/password-reset/confirm (and passwordReset.confirm) accepts it: the password is set once, and the
// answer signs the person in as account.login would. Used, expired or superseded links are refused.
import type { TRPCError } from '@trpc/server';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterAnswer } from '../../src-server/platform/after-answer';
import type { IssuedPolicyView, LoginResult } from '../../src-server/contract/views';
import { createHarness, json, T0, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { latestLinkTo } from './mail-links';
import { acceptedQuote, mailsTo } from './quote-flow';

let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'sam', isAdmin: true });
  admin = await h.tokenFor('sam');
});
afterAll(() => h.close());

const DAY = 24 * 3600_000;
const INVALID = 'This reset link is invalid or has expired. Please request a new one.';

/** Issues a policy from a fresh request to a new address; answers the account and the invitation's token. */
async function invite(email: string): Promise<{ issued: IssuedPolicyView; token: string }> {
  const q = await acceptedQuote(h, admin, { email });
  const issued = await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: admin, body: { licenseNumber: 'LICENCE0001' } }), 201);
  expect(issued.invited).toBe(true);
  const { subject, token } = await latestLinkTo(h, email, '/welcome');
  expect(subject).toBe('Set your password for Kerbside Cover');
  return { issued, token };
}

const accept = (body: unknown) => h.request('POST', '/api/password-reset/confirm', { body });

describe('accepting an invitation', () => {
  it('sets the password once and signs the person in, as login answers', async () => {
    const { issued, token } = await invite('ivy@example.test');
    const answer = await expectJson<{ message: string; session: LoginResult }>(accept({ token, password: 'ivy-new-password' }), 200);
    expect(answer.message).toBe('Your password is set. Welcome to your account.');
    expect(answer.session.user).toMatchObject({ id: issued.user.id, username: issued.user.username, email: 'ivy@example.test', isAdmin: false, isOwner: false });
    const claims = decodeJwt(answer.session.token);
    expect(claims).toMatchObject({ sub: String(issued.user.id), isAdmin: false });
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
    expect(answer.session.expiresAt).toBe(new Date((claims.exp ?? 0) * 1000).toISOString());
    // The session works, and shows the policy.
    expect((await h.request('GET', '/api/me', { token: answer.session.token })).status).toBe(200);
    const mine = await json<{ policyNumber: string }[]>(await h.request('GET', '/api/user/policies', { token: answer.session.token }));
    expect(mine.map((p) => p.policyNumber)).toEqual([issued.policy.policyNumber]);

    // Exactly once.
    expect(await expectJson<ErrorBody>(accept({ token, password: 'someone-elses-password' }), 400)).toEqual({ error: INVALID });
    expect((await h.request('POST', '/api/login', { body: { username: 'ivy@example.test', password: 'someone-elses-password' } })).status).toBe(401);

    // The password chosen signs in, by e-mail or username.
    expect((await h.request('POST', '/api/login', { body: { username: 'IVY@example.test', password: 'ivy-new-password' } })).status).toBe(200);
    expect((await h.request('POST', '/api/login', { body: { username: issued.user.username, password: 'ivy-new-password' } })).status).toBe(200);
  });

  it('remembers the session for 30 days when asked, over tRPC as well', async () => {
    const { token } = await invite('jude@example.test');
    const answer = await h.trpc().passwordReset.confirm({ token, password: 'jude-new-password', remember: true });
    expect(answer.session).toBeDefined();
    const claims = decodeJwt(answer.session!.token);
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 3600);
    const err = await h.trpc().passwordReset.confirm({ token, password: 'jude-new-password' }).catch((e: unknown) => e);
    expect((err as TRPCError).code).toBe('BAD_REQUEST');
    expect((err as TRPCError).message).toBe(INVALID);
  });

  it('logs the acceptance and sends no "password changed" warning; the token row is spent', async () => {
    const { issued, token } = await invite('kit@example.test');
    const before = (await mailsTo(h, 'kit@example.test')).length;
    expect((await accept({ token, password: 'kit-new-password' })).status).toBe(200);
    expect((await mailsTo(h, 'kit@example.test')).length).toBe(before);
    const logged = await h.database.client.execute({ sql: "select action, username from audit_logs where action = 'Invitation accepted' and user_id = ?", args: [issued.user.id] });
    expect(logged.rows).toHaveLength(1);
    const row = await h.database.client.execute({ sql: "select used_at from one_time_tokens where kind in ('reset', 'invite', 'verify', 'login') and user_id = ?", args: [issued.user.id] });
    expect(row.rows[0]!['used_at']).toBe(T0);
  });

  it('applies the password rules and keeps the link usable after a refused password', async () => {
    const { token } = await invite('lee@example.test');
    expect((await expectJson<ErrorBody>(accept({ token, password: 'short' }), 400)).details?.fieldErrors?.password).toEqual(['Password must be at least 8 characters']);
    expect((await accept({ token, password: 'lee-long-password' })).status).toBe(200);
  });
});

describe('a link that no longer works', () => {
  it('works until 7 days have passed, and not after', async () => {
    const first = await invite('mo@example.test');
    const second = await invite('ned@example.test');
    const start = h.clock.now();
    try {
      h.clock.set(start + 7 * DAY - 60_000);
      expect((await accept({ token: first.token, password: 'mo-new-password' })).status).toBe(200);
      h.clock.set(start + 7 * DAY);
      expect(await expectJson(accept({ token: second.token, password: 'ned-new-password' }), 400)).toEqual({ error: INVALID });
    } finally {
      h.clock.set(start);
    }
  });

  it('is spent by a newer password reset link for the same account (only the newest link works)', async () => {
    const { token } = await invite('ora@example.test');
    expect((await h.request('POST', '/api/password-reset/request', { body: { email: 'ora@example.test' } })).status).toBe(200);
    // The link is made after the answer (docs/product.md#password-reset).
    await settleAfterAnswer(h.deps);
    expect((await accept({ token, password: 'ora-new-password' })).status).toBe(400);
    const { token: resetToken } = await latestLinkTo(h, 'ora@example.test', '/reset-password');
    // A reset link answers as a password reset does: a message and what was removed, and no session.
    const answer = await json<Record<string, unknown>>(await accept({ token: resetToken, password: 'ora-new-password', remember: true }));
    expect(answer).toEqual({ message: 'Your password has been changed. You can now login.', removed: { passkeys: [], emailChanges: 0, links: 0, sessions: 0 } });
  });
});
