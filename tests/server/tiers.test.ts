// The tiers (docs/api.md#authentication), stated once per operation and checked by both doors with assertTier
// (src-server/api/tiers.ts): each role against each tier, and the admin area of the REST door, which is the admin
// tier's throughout, unknown paths included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertTier, type SignedInTier } from '../../src-server/api/tiers';
import { messages } from '../../src-server/contract/messages';
import type { Caller } from '../../src-server/deps';
import { ForbiddenError } from '../../src-server/errors';
import { createHarness, json, type Harness } from './harness';

const caller = (isAdmin: boolean, isOwner: boolean): Caller => ({ id: 1, username: 'someone', isAdmin, isOwner, jti: 'jti', exp: 0 });
const ROLES = { customer: caller(false, false), admin: caller(true, false), owner: caller(true, true) };

/** Who each signed-in tier lets through; the rest are refused with ForbiddenError and the tier's message. */
const ALLOWED: Record<SignedInTier, (keyof typeof ROLES)[]> = {
  customer: ['customer', 'admin', 'owner'],
  admin: ['admin', 'owner'],
  owner: ['owner'],
};

describe('assertTier', () => {
  for (const [tier, allowed] of Object.entries(ALLOWED) as [SignedInTier, (keyof typeof ROLES)[]][]) {
    for (const [role, who] of Object.entries(ROLES) as [keyof typeof ROLES, Caller][]) {
      it(`${tier} tier, ${role}: ${allowed.includes(role) ? 'through' : 'refused'}`, () => {
        if (allowed.includes(role)) {
          expect(() => assertTier(tier, who)).not.toThrow();
          return;
        }
        let thrown: unknown;
        try {
          assertTier(tier, who);
        } catch (err) {
          thrown = err;
        }
        expect(thrown).toBeInstanceOf(ForbiddenError);
        expect((thrown as Error).message).toBe(tier === 'owner' ? messages.ownerOnly : messages.forbidden);
      });
    }
  }
});

describe('the REST admin area', () => {
  let h: Harness;
  let customer: string;
  let admin: string;

  beforeAll(async () => {
    h = await createHarness();
    await h.addUser({ username: 'tier-customer' });
    await h.addUser({ username: 'tier-admin', isAdmin: true });
    customer = await h.tokenFor('tier-customer');
    admin = await h.tokenFor('tier-admin');
  });
  afterAll(() => h.close());

  it('refuses a path no operation serves as the admin tier does, before its 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/nothing-here'],
      ['DELETE', '/api/admin/stats'],
    ] as const) {
      const anonymous = await h.request(method, path);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await json(anonymous)).toEqual({ error: messages.unauthenticated });
      expect((await h.request(method, path, { token: customer })).status, `${method} ${path}`).toBe(403);
      const staff = await h.request(method, path, { token: admin });
      expect(staff.status, `${method} ${path}`).toBe(404);
      expect(await json(staff)).toEqual({ error: messages.notFound });
    }
  });
});
