// The first owner made at start-up (docs/operations.md#first-owner): made once, with a generated password when none is
// set; an existing account named as the owner is promoted instead; and two starts at the same moment make one owner
// and one log entry between them.
import { afterEach, describe, expect, it } from 'vitest';
import { ensureFirstOwner } from '../../src-server/modules/accounts/account/service';
import { createHarness, type Harness } from './harness';

let h: Harness;
afterEach(() => h?.close());

const SETTINGS = { username: 'owner', email: 'owner@kerbsidecover.example' };
const rows = async (sql: string) => (await h.database.client.execute(sql)).rows;
const ownerLog = () => rows("select action from audit_logs where action like 'First owner set up:%'");

describe('ensureFirstOwner', () => {
  it('makes the owner once, with a generated password to print; a second start changes nothing', async () => {
    h = await createHarness();
    const first = await ensureFirstOwner(h.deps, SETTINGS);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await expect(h.tokenFor('owner', first.generatedPassword)).resolves.toBeTruthy();
    expect(await ensureFirstOwner(h.deps, SETTINGS)).toEqual({ created: false });
    expect(await ownerLog()).toHaveLength(1);
  });

  it('two starts at the same moment: one owner, one log entry, one password to print', async () => {
    h = await createHarness();
    const results = await Promise.all([ensureFirstOwner(h.deps, SETTINGS), ensureFirstOwner(h.deps, SETTINGS)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.filter((r) => r.generatedPassword)).toHaveLength(1);
    expect(await rows('select username from users where is_owner = 1')).toHaveLength(1);
    expect((await ownerLog()).map((r) => r['action'])).toEqual(['First owner set up: owner']);
  });

  it('an existing account named as the owner is promoted and keeps its own password (nothing to print)', async () => {
    h = await createHarness();
    await h.addUser({ username: 'Owner', password: 'their-own-password' });
    expect(await ensureFirstOwner(h.deps, { ...SETTINGS, password: 'ignored-password-1' })).toEqual({ created: true });
    expect(await rows("select username, is_owner, is_admin from users where is_owner = 1")).toEqual([
      expect.objectContaining({ username: 'Owner', is_owner: 1, is_admin: 1 }),
    ]);
    await expect(h.tokenFor('Owner', 'their-own-password')).resolves.toBeTruthy();
  });
});
