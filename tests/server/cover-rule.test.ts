// One rule for whether a policy is cover (docs/product.md#policies-and-certificates), held by a property
// test: for generated statuses, dates and times around both UK clock changes and generated moments, the
// customer's dashboard (client code: its tab and its state) agrees with what the server says when the
// certificate's QR code is checked, and the instants the server stored equal those the client reads.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settablePolicyStatuses } from '../../src-server/contract/schemas';
import { epochToUkLocal } from '../../src-server/contract/time';
import { policies } from '../../src-server/platform/db/schema/index';
import type { Caller } from '../../src-server/deps';
import { createPolicy } from '../../src-server/modules/policies/policies/service';
import { verifyByCode } from '../../src-server/modules/policies/verify/service';
import { coverStateOf, policyState, policyWindow } from '../../src-client/features/policies/policy-time';
import { createHarness, validPolicy, type Harness } from './harness';
import { onServer } from './test-database';

let h: Harness;
let admin: Caller;

beforeAll(async () => {
  h = await createHarness();
  const id = await h.addUser({ username: 'rule.keeper', isAdmin: true, isOwner: true });
  admin = { id, username: 'rule.keeper', isAdmin: true, isOwner: true, jti: 'rule-keeper', exp: Number.MAX_SAFE_INTEGER };
});
afterAll(() => h.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 29 Mar 2026 01:00Z (clocks go forward) and 25 Oct 2026 01:00Z (clocks go back). */
const CHANGES = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)];

/** A start near a clock change, to the minute, as the UK wall clock shows it. */
const startArb = fc
  .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -48 * 60, max: 48 * 60 }))
  .map(([change, minutes]) => change + minutes * MINUTE);
/** How long the cover runs: a minute to ten days (the end is read back from its UK wall-clock text). */
const lengthArb = fc.integer({ min: 1, max: 10 * 24 * 60 }).map((m) => m * MINUTE);

let address = 0;
/**
 * The rule is the engine's only where instants are stored and read back; each run writes a policy, a round trip per
 * statement on a libSQL server (~50 ms each there, against ~5 ms on the file), so fewer runs there.
 */
const RUNS = onServer ? 100 : 300;

describe('the client and the server agree on cover', () => {
  it('for generated statuses, windows and moments around the GMT/BST changes', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...settablePolicyStatuses),
        startArb,
        lengthArb,
        fc.oneof(fc.constantFrom('start-1', 'start', 'end-1', 'end'), fc.integer({ min: -6 * HOUR, max: 6 * HOUR })),
        async (status, startInstant, length, moment) => {
          const start = epochToUkLocal(startInstant);
          const end = epochToUkLocal(startInstant + length);
          // A wall-clock end on a day the clocks go back can name an instant before the start: not a policy.
          h.clock.set(startInstant);
          let view;
          try {
            view = await createPolicy(h.deps, admin, {
              ...validPolicy,
              userId: null,
              registration: 'AB12 CDE',
              status,
              product: 'temporary',
              premium: null,
              startDate: start.date,
              startTime: start.time,
              endDate: end.date,
              endTime: end.time,
            });
          } catch {
            return;
          }
          const [row] = await h.database.db.select().from(policies).where(eq(policies.id, view.id));
          const { startAt, endAt } = policyWindow(view);
          // The instants the server stored are the ones the client reads from the same wall-clock text.
          expect([row!.startAt, row!.endAt]).toEqual([startAt, endAt]);

          const now =
            moment === 'start-1' ? startAt - 1 : moment === 'start' ? startAt : moment === 'end-1' ? endAt - 1 : moment === 'end' ? endAt : startAt + moment;
          h.clock.set(now);
          const server = await verifyByCode(h.deps, row!.verifyCode!, `10.9.${Math.floor(address / 250)}.${address++ % 250}`);
          const client = coverStateOf(view, now);
          const expected = client === 'live' ? 'covered' : client === 'upcoming' ? 'starts' : 'not-covered';
          expect({ status, now, client, server: server.status }).toEqual({ status, now, client, server: expected });
          // The tab agrees too: only ended cover is under Expired, and a pending policy is never 'covered'.
          expect(policyState(view, now) === 'expired').toBe(client === 'ended');
          if (status !== 'active') expect(server.status).toBe('not-covered');
          compared += 1;
        },
      ),
      { numRuns: RUNS },
    );
    // Nearly every generated window is a policy (the few refused end before they start on the wall clock).
    expect(compared).toBeGreaterThan(RUNS * 0.8);
  }, 60_000);
});
