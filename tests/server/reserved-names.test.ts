// Reserved usernames (docs/product.md#registration): 'system', 'admin', 'owner', 'root', 'support', 'staff' and the
// rest, by their stem ('admin2', 'the_admin', 'support-team', 'sysadmin'), and the brand ('kerbside', 'Kerbside
// Cover') in any letter case and spacing are refused at registration and when staff make or rename an account,
// with a field message on `username`; accounts that already have one keep it.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReservedUsername } from '../../src-server/contract/usernames';
import type { IssuedPolicyView, UserView } from '../../src-server/contract/views';
import { ensureFirstOwner } from '../../src-server/modules/accounts/account/service';
import { createHarness, json, type ErrorBody, type Harness } from './harness';
import { expectJson } from './answers';
import { acceptedQuote } from './quote-flow';

let h: Harness;
let ownerToken: string;
let ownerId: number;
let address = 0;

const RESERVED = ['system', 'SYSTEM', 'admin', 'Owner', 'root', 'support', 'Sup.port', 'kerbside', 'Kerbside_Cover', 'kerbside.cover', 'KERBSIDE-COVER', 'kerbsidecover', 'kerbside.help'];
/** Near variants of a reserved word: followed or preceded by digits, separators, another word or an affix. */
const STEMS = [
  'admin2',
  'admin-1',
  '2admin',
  'Administrator2',
  'root1',
  'owner2',
  'the_admin',
  'Real.Owner',
  'support-team',
  'supportteam',
  'adminteam',
  'SysAdmin',
  'itsupport',
  'rootuser',
  'sam.admin',
  'staff',
  'staff.07',
  'help-desk',
  'security',
  'moderator',
  'official',
  'no-reply',
];
/** Ordinary names with a reserved word inside another word. */
const ORDINARY = ['systems.analyst', 'admiral', 'rooted', 'alice', 'kerb', 'cover', 'rootsmusic', 'brooter', 'badminton', 'supporter', 'stafford', 'staffan', 'officially', 'rooster', 'customer'];
const REFUSAL = 'That username is reserved. Please choose another';

beforeAll(async () => {
  h = await createHarness();
  // The first owner is 'owner' by default (docs/operations.md#first-owner): made by the server, not refused.
  await ensureFirstOwner(h.deps, { username: 'owner', email: 'owner@kerbsidecover.example', password: 'owner-password-1' });
  ownerToken = await h.tokenFor('owner', 'owner-password-1');
  ownerId = Number((await h.database.client.execute("select id from users where username = 'owner'")).rows[0]!['id']);
});
afterAll(() => h.close());

const register = (username: string) =>
  h.request('POST', '/api/register', {
    body: { username, email: `${username.replace(/[^a-z0-9]/gi, '')}${address}@example.test`, password: 'longenough1' },
    headers: { 'x-forwarded-for': `198.51.100.${address++ % 250}` },
  });

describe('the rule', () => {
  it('refuses the listed names whatever their case and spacing, and the brand anywhere in a name', () => {
    for (const name of RESERVED) expect(isReservedUsername(name), name).toBe(true);
    for (const name of ORDINARY) expect(isReservedUsername(name), name).toBe(false);
  });

  it('refuses a reserved word by its stem: with digits, separators, another word or an affix around it', () => {
    expect(STEMS.filter((name) => !isReservedUsername(name))).toEqual([]);
  });
});

describe('registration', () => {
  it('answers 400 with the message on username for each reserved name, and creates nothing', async () => {
    for (const name of RESERVED) {
      const res = await register(name);
      expect(res.status, name).toBe(400);
      const body = await json<ErrorBody>(res);
      expect(body.details?.fieldErrors?.username, name).toEqual([REFUSAL]);
      const rs = await h.database.client.execute({ sql: 'select count(*) n from users where lower(username) = lower(?)', args: [name] });
      expect(Number(rs.rows[0]!['n']), name).toBe(name.toLowerCase() === 'owner' ? 1 : 0);
    }
  });

  it('refuses it over tRPC too (BAD_REQUEST, the same field message)', async () => {
    const err = await h
      .trpc(undefined, '198.51.100.251')
      .account.register({ username: 'System', email: 'sys@example.test', password: 'longenough1' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe('BAD_REQUEST');
    expect(JSON.stringify((err as TRPCError).cause ?? err)).toContain(REFUSAL);
  });

  it('refuses near variants at registration too', async () => {
    for (const name of ['admin2', 'the_admin', 'support-team']) {
      const res = await register(name);
      expect(res.status, name).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.username, name).toEqual([REFUSAL]);
    }
  });

  it('still registers ordinary names', async () => {
    expect((await register('systems.analyst')).status).toBe(201);
    expect((await register('rootsmusic')).status).toBe(201);
  });
});

describe('staff accounts', () => {
  it('refuses a reserved name when staff make an account, at both doors', async () => {
    expect((await expectJson<ErrorBody>(h.request('POST', '/api/admin/users', { token: ownerToken, body: { username: 'Root', email: 'root@example.test', password: 'longenough1' } }), 400)).details?.fieldErrors?.username).toEqual([REFUSAL]);
    const err = await h
      .trpc(ownerToken)
      .admin.users.create({ username: 'kerbside.support', email: 'ks@example.test', password: 'longenough1', isAdmin: false, isOwner: false })
      .catch((e: unknown) => e);
    expect((err as TRPCError).code).toBe('BAD_REQUEST');
  });

  it('refuses renaming an account to a reserved name, and writes nothing', async () => {
    const id = await h.addUser({ username: 'renamer' });
    const before = await h.database.client.execute('select (select count(*) from audit_logs) a');
    for (const name of ['admin', 'Kerbside.Cover']) {
      const res = await h.request('PUT', `/api/admin/users/${id}`, { token: ownerToken, body: { username: name, email: 'renamer@example.test' } });
      expect(res.status, name).toBe(400);
      expect((await json<ErrorBody>(res)).details?.fieldErrors?.username, name).toEqual([REFUSAL]);
    }
    const err = await h
      .trpc(ownerToken)
      .admin.users.update({ id, data: { username: 'SYSTEM', email: 'renamer@example.test', isAdmin: false, isOwner: false } })
      .catch((e: unknown) => e);
    expect((err as TRPCError).code).toBe('BAD_REQUEST');
    const row = (await h.database.client.execute({ sql: 'select username from users where id = ?', args: [id] })).rows[0]!;
    expect(row['username']).toBe('renamer');
    expect((await h.database.client.execute('select (select count(*) from audit_logs) a')).rows[0]).toEqual(before.rows[0]);
  });

  it('leaves an existing account with a reserved name as it is: it can still be edited under that name', async () => {
    const res = await h.request('PUT', `/api/admin/users/${ownerId}`, {
      token: ownerToken,
      body: { username: 'owner', email: 'owner@kerbsidecover.example', isAdmin: true, isOwner: true },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<UserView>(res)).username).toBe('owner');
  });
});

describe('accounts made when a policy is issued', () => {
  it('never take a reserved name from the customer’s name or e-mail', async () => {
    const q = await acceptedQuote(h, ownerToken, { email: 'admin@example.test', firstName: 'Kerbside', lastName: 'Cover' });
    const issued = await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: ownerToken, body: { licenseNumber: 'COVER905175A99AA' } }), 201);
    expect(issued.user.username).toBe('customer');
  });

  it('fall back to the e-mail when the names make a reserved one (Sam Admin)', async () => {
    const q = await acceptedQuote(h, ownerToken, { email: 'sam.wright@example.test', firstName: 'Sam', lastName: 'Admin' });
    expect((await expectJson<IssuedPolicyView>(h.request('POST', `/api/admin/quotes/${q.id}/policy`, { token: ownerToken, body: { licenseNumber: 'ADMIN905175S99AA' } }), 201)).user.username).toBe('sam.wright');
  });
});
