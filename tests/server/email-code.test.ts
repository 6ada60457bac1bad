// The six-digit code of the confirmation e-mail (docs/product.md#e-mail-confirmation): typed on the purchase's own
// screen, it confirms the address exactly as the link does (the account's requests join it), lasts 30 minutes, takes
// 5 wrong tries, is replaced by a newer e-mail's, is only ever the signed-in account's own, and is kept only as a hash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmationMessages } from '../../src-server/contract/email-confirmation';
import type { MyQuoteRequestView, UserView } from '../../src-server/contract/views';
import { createHarness, json, PASSWORD, type Harness } from './harness';
import { expectJson, expectStatus } from './answers';
import { latestCodeTo } from './mail-links';
import { logsMentioning, mailsTo, submitQuote } from './quote-flow';

let h: Harness;
let people = 0;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A new account registered with `email` (confirmation e-mail sent), signed in: its token. */
async function registered(email: string): Promise<string> {
  people += 1;
  const username = `coder${people}`;
  await expectStatus(h.request('POST', '/api/register', { body: { username, email, password: PASSWORD }, headers: { 'x-forwarded-for': `198.51.100.${people}` } }), 201);
  return h.tokenFor(username);
}

const latestCode = (to: string) => latestCodeTo(h, to);

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const sendCode = (token: string, code: unknown, address = '192.0.2.10') =>
  h.request('POST', '/api/account/verify-email/code', { token, body: { code }, headers: { 'x-forwarded-for': address } });

const isConfirmed = async (token: string) => (await json<{ user: UserView }>(await h.request('GET', '/api/me', { token }))).user.emailVerified;

describe('the code from the confirmation e-mail', () => {
  it('confirms the address as the link does: the requests made with it join the account, and the audit log says so', async () => {
    const email = 'buyer.one@mail.example';
    const request = await submitQuote(h, { email });
    const token = await registered(email);
    const code = await latestCode(email);
    expect((await json<MyQuoteRequestView[]>(await h.request('GET', '/api/user/quotes', { token })))).toEqual([]);

    const answer = await expectJson<{ message: string; user: UserView; removed?: unknown }>(sendCode(token, code.replace(/(\d{3})/, '$1 ')), 200);
    expect(answer.message).toBe(emailConfirmationMessages.confirmed);
    expect(answer.user.emailVerified).toBe(true);
    expect(answer.removed).toMatchObject({ passkeys: [], emailChanges: 0 });
    const mine = await json<MyQuoteRequestView[]>(await h.request('GET', '/api/user/quotes', { token }));
    expect(mine.map((q) => q.reference)).toEqual([request.reference]);
    expect((await logsMentioning(h, 'E-mail address confirmed')).length).toBeGreaterThan(0);

    // Spent with its link: neither works again, and the account stays confirmed.
    expect((await json<{ message: string }>(await sendCode(token, code))).message).toBe(emailConfirmationMessages.alreadyConfirmed);
  });

  it('is stored only as a hash, and the delivered copy of the e-mail keeps neither it nor the link', async () => {
    const email = 'hash.check@mail.example';
    await registered(email);
    const code = await latestCode(email);
    const rs = await h.database.client.execute({ sql: "select token_hash, target from one_time_tokens where kind = 'verify-code' order by id desc limit 1", args: [] });
    const row = rs.rows[0]!;
    expect(String(row['token_hash'])).not.toContain(code);
    expect(String(row['target'])).not.toContain(code);
    const [mail] = await mailsTo(h, email);
    expect(mail!.text).toContain('Your 6-digit code: [code removed once delivered]');
    expect(mail!.text).not.toContain(code);
  });

  it('answers 400 with its own message for a code that is not six digits, writing nothing', async () => {
    const email = 'shape.check@mail.example';
    const token = await registered(email);
    for (const bad of ['12345', '1234567', 'abcdef', '', 123456]) {
      const refused = await expectJson<{ error: string }>(sendCode(token, bad), 400);
      expect(JSON.stringify(refused)).toContain(emailConfirmationMessages.codeMalformed);
    }
    expect(await isConfirmed(token)).toBe(false);
    // The right code still works: malformed tries are not counted on it.
    await expectStatus(sendCode(token, await latestCode(email)), 200);
  });

  it('refuses a wrong code, and the fifth wrong try spends it', async () => {
    const email = 'five.tries@mail.example';
    const token = await registered(email);
    const code = await latestCode(email);
    for (let i = 0; i < 4; i += 1) {
      const refused = await expectJson<{ error: string }>(sendCode(token, otherThan(code), `192.0.2.${20 + i}`), 400);
      expect(refused.error).toBe(emailConfirmationMessages.codeWrong);
    }
    // Four wrong tries are counted on the code, which still waits.
    const [{ target }] = (await h.database.client.execute({ sql: "select target from one_time_tokens where kind = 'verify-code' and used_at is null and user_id = (select id from users where email = ?)", args: [email] })).rows as unknown as [{ target: string }];
    expect(target.endsWith(':4')).toBe(true);
    await expectStatus(sendCode(token, otherThan(code), '192.0.2.30'), 400);
    const late = await expectJson<{ error: string }>(sendCode(token, code, '192.0.2.31'), 400);
    expect(late.error).toBe(emailConfirmationMessages.codeWrong);
    expect(await isConfirmed(token)).toBe(false);
  });

  it('lasts 30 minutes', async () => {
    const email = 'half.hour@mail.example';
    const token = await registered(email);
    const code = await latestCode(email);
    h.clock.advance(30 * 60_000);
    expect((await expectJson<{ error: string }>(sendCode(token, code, '192.0.2.40'), 400)).error).toBe(emailConfirmationMessages.codeWrong);
    expect(await isConfirmed(token)).toBe(false);
  });

  it("is replaced by a newer e-mail's code", async () => {
    const email = 'resent@mail.example';
    const token = await registered(email);
    const first = await latestCode(email);
    await expectStatus(h.request('POST', '/api/account/verify-email/request', { token }), 200);
    const second = await latestCode(email);
    if (first !== second) await expectStatus(sendCode(token, first, '192.0.2.50'), 400);
    await expectStatus(sendCode(token, second, '192.0.2.51'), 200);
    expect(await isConfirmed(token)).toBe(true);
  });

  it("confirms only the signed-in account's own address: another account's code is wrong here", async () => {
    const mine = 'mine@mail.example';
    const theirs = 'theirs@mail.example';
    const token = await registered(mine);
    await registered(theirs);
    const myCode = await latestCode(mine);
    const theirCode = await latestCode(theirs);
    if (theirCode !== myCode) await expectStatus(sendCode(token, theirCode, '192.0.2.60'), 400);
    expect(await isConfirmed(token)).toBe(false);
    await expectStatus(sendCode(token, myCode, '192.0.2.61'), 200);
  });

  it('counts wrong codes against the client address with the e-mailed links: past 20 in 15 minutes, even a right code is refused', async () => {
    const email = 'flood@mail.example';
    const token = await registered(email);
    const code = await latestCode(email);
    const address = '192.0.2.99';
    // A fresh account for each wrong try, so no code reaches its own five: only the address's count refuses.
    for (let i = 0; i < 20; i += 1) {
      const other = await registered(`flood${i}@mail.example`);
      const theirs = await latestCode(`flood${i}@mail.example`);
      await expectStatus(sendCode(other, otherThan(theirs), address), 400);
    }
    const refused = await sendCode(token, code, address);
    expect(refused.status).toBe(429);
    expect(await isConfirmed(token)).toBe(false);
    // From elsewhere it still works.
    await expectStatus(sendCode(token, code, '192.0.2.98'), 200);
  });

  it('is answered on tRPC as on REST', async () => {
    const email = 'trpc.code@mail.example';
    const token = await registered(email);
    const code = await latestCode(email);
    await expect(h.trpc(token, '192.0.2.70').account.verifyEmail.code({ code: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const answer = await h.trpc(token, '192.0.2.71').account.verifyEmail.code({ code });
    expect(answer.user.emailVerified).toBe(true);
  });
});
