// Claims (docs/product.md#reporting-a-claim): the customer's report from the phone and their list of claims. The staff
// queue and the photos for staff are in queue.ts, the photos' checks and re-encoding in photos.ts.
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import {
  CLAIM_AFTER_COVER_MS,
  CLAIM_CLOCK_SKEW_MS,
  CLAIM_LIMIT_CODE,
  CLAIM_LIMIT_WINDOW_MS,
  CLAIM_PHOTO_BYTES_PER_ACCOUNT,
  CLAIM_REPORTS_PER_ACCOUNT,
  CLAIM_REPORTS_PER_POLICY,
  claimMessages,
  type ClaimInput,
} from '../../../contract/claim';
import { messages } from '../../../contract/messages';
import { claimDueAt } from '../../../contract/queues';
import type { MyClaimView } from '../../../contract/views';
import { writeLog } from '../../../platform/audit/log';
import { bankHolidays } from '../../../platform/bank-holidays';
import type { DbOrTx } from '../../../platform/db/client';
import { claimPhotos, claims, policies, users } from '../../../platform/db/schema/index';
import { deliverSoon } from '../../../platform/mail/deliver-soon';
import type { Caller, Deps } from '../../../deps';
import { fieldInvalid, NotFoundError, ThrottledError } from '../../../errors';
import { unusedReference } from '../queues/queue';
import { answersOf } from './answers';
import { claimReportedMail } from './mail';
import { processPhotos } from './photos';
import { claimQueue } from './queue';

type PolicyRow = typeof policies.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();

const photoCount = sql<number>`(SELECT count(*) FROM ${claimPhotos} WHERE ${claimPhotos.claimId} = ${claims.id})`.mapWith(Number);

/** The caller's claims as their views, newest first; with `clientId`, the one the phone made that id for. */
async function myClaimRows(db: DbOrTx, userId: number, clientId?: string): Promise<MyClaimView[]> {
  const rows = await db
    .select({ claim: claims, policyNumber: policies.policyNumber, photoCount })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claims.userId, userId), clientId === undefined ? undefined : eq(claims.clientId, clientId)))
    .orderBy(desc(claims.createdAt), desc(claims.id));
  return rows.map(({ claim: c, policyNumber, photoCount: photos }) => ({
    reference: c.reference,
    clientId: c.clientId,
    policyNumber,
    kind: c.kind,
    status: c.status,
    occurredAt: iso(c.occurredAt),
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
    photoCount: photos,
  }));
}

/** The claim this account already has under the phone's id, if it was sent before. */
const storedClaim = async (db: DbOrTx, userId: number, clientId: string) => (await myClaimRows(db, userId, clientId))[0];

/** GET /api/user/claims and claims.mine. */
export async function myClaims(deps: Deps, caller: Caller): Promise<MyClaimView[]> {
  return myClaimRows(deps.db, caller.id);
}

/** The caller's own policy by its number: anyone else's is as missing (404), as with certificates, staff included. */
async function ownPolicy(db: DbOrTx, userId: number, policyNumber: string): Promise<PolicyRow> {
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.policyNumber, policyNumber.toUpperCase()), eq(policies.userId, userId)))
    .limit(1);
  if (!row) throw new NotFoundError(messages.policyNotFound);
  return row;
}

/** When the cover ended or ends: its stored end while active, else when it did end (cancelled early, or expired). */
const coverEndOf = (p: PolicyRow) => (p.status === 'active' ? p.endAt : (p.endedAt ?? p.endAt));

/**
 * Whether a claim can be made on this policy for this moment (docs/product.md#reporting-a-claim): cover that was in
 * force (active, or ended within CLAIM_AFTER_COVER_MS), and a moment inside it and not ahead of our clock.
 */
function checkClaimable(policy: PolicyRow, occurredAt: number, now: number): void {
  const errors: Record<string, string> = {};
  const coverEnd = coverEndOf(policy);
  if (policy.status === 'pending') errors.policyNumber = claimMessages.policyPending;
  else if (policy.status === 'void') errors.policyNumber = claimMessages.policyVoid;
  else if (now - coverEnd > CLAIM_AFTER_COVER_MS) errors.policyNumber = claimMessages.policyTooOld;

  if (occurredAt > now + CLAIM_CLOCK_SKEW_MS) errors.occurredAt = claimMessages.occurredAtFuture;
  else if (errors.policyNumber === undefined && occurredAt < policy.startAt) errors.occurredAt = claimMessages.policyNotStarted;
  else if (errors.policyNumber === undefined && occurredAt > coverEnd) errors.occurredAt = claimMessages.policyEndedBefore;

  if (Object.keys(errors).length > 0) throw fieldInvalid(messages.invalidInput, errors);
}

/** A stored report as the limits count it. */
interface Counted {
  createdAt: number;
  photoBytes: number;
}

/** The account's reports and the policy's inside the window ending now, oldest first. */
async function reportsInWindow(db: DbOrTx, userId: number, policyId: number, now: number): Promise<{ account: Counted[]; policy: number[] }> {
  const since = now - CLAIM_LIMIT_WINDOW_MS;
  // claims_user_client_uq and claims_policy_idx lead with the account and the policy: each reads its own claims only.
  // Each claim's photo bytes as stored, every photo and its thumbnail. A correlated subquery: length() then reads each
  // blob's size from its header, where a join grouped by claim copies the blobs themselves (seconds for 60 MB). Built
  // with the query builder, which names the outer claims.id in full (a bare "id" would be the photo's own).
  const photoBytes = db
    .select({ bytes: sql`coalesce(sum(length(${claimPhotos.bytes}) + length(${claimPhotos.thumbnail})), 0)` })
    .from(claimPhotos)
    .where(eq(claimPhotos.claimId, claims.id));
  const account = await db
    .select({ createdAt: claims.createdAt, photoBytes: sql<number>`(${photoBytes})`.mapWith(Number) })
    .from(claims)
    .where(and(eq(claims.userId, userId), gt(claims.createdAt, since)))
    .orderBy(asc(claims.createdAt));
  const policy = await db
    .select({ createdAt: claims.createdAt })
    .from(claims)
    .where(and(eq(claims.policyId, policyId), gt(claims.createdAt, since)))
    .orderBy(asc(claims.createdAt));
  return { account, policy: policy.map((r) => r.createdAt) };
}

/**
 * The refusal of a report with `photoBytes` of photos when the window already holds `recent` (docs/product.md#reporting-a-claim),
 * or null when it fits: at most CLAIM_REPORTS_PER_ACCOUNT reports and CLAIM_PHOTO_BYTES_PER_ACCOUNT of photos per account,
 * CLAIM_REPORTS_PER_POLICY per policy. Retry-After is when enough of the counted reports have left the window for this
 * one to fit (for every limit it is over); the message names the first limit it is over.
 */
function claimLimitRefusal(recent: { account: readonly Counted[]; policy: readonly number[] }, photoBytes: number, now: number): ThrottledError | null {
  const over: Array<{ message: string; fitsAt: number }> = [];
  const leaves = (createdAt: number) => createdAt + CLAIM_LIMIT_WINDOW_MS;
  const { account, policy } = recent;
  // With n counted and a limit of k, this one fits once the n - k + 1 oldest have left: the (n - k)th, from 0.
  if (account.length >= CLAIM_REPORTS_PER_ACCOUNT) {
    over.push({ message: claimMessages.reportsPerAccount, fitsAt: leaves(account[account.length - CLAIM_REPORTS_PER_ACCOUNT]!.createdAt) });
  }
  if (policy.length >= CLAIM_REPORTS_PER_POLICY) {
    over.push({ message: claimMessages.reportsPerPolicy, fitsAt: leaves(policy[policy.length - CLAIM_REPORTS_PER_POLICY]!) });
  }
  let held = account.reduce((total, r) => total + r.photoBytes, 0);
  if (held + photoBytes > CLAIM_PHOTO_BYTES_PER_ACCOUNT) {
    // The oldest leave first; a report whose photos alone are over the limit never fits, and waits the whole window.
    let fitsAt = now + CLAIM_LIMIT_WINDOW_MS;
    for (const r of account) {
      held -= r.photoBytes;
      if (held + photoBytes <= CLAIM_PHOTO_BYTES_PER_ACCOUNT) {
        fitsAt = leaves(r.createdAt);
        break;
      }
    }
    over.push({ message: claimMessages.photoBytesPerAccount, fitsAt });
  }
  if (over.length === 0) return null;
  const fitsAt = Math.max(...over.map((o) => o.fitsAt));
  return new ThrottledError(over[0]!.message, Math.max(1, Math.ceil((fitsAt - now) / 1000)), CLAIM_LIMIT_CODE);
}

/** Whether `err` (or what it wraps) is the claims (user, phone id) unique index refusing a second copy. */
export function isSecondCopy(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (/UNIQUE constraint failed: claims\.user_id, claims\.client_id/.test(e.message)) return true;
  }
  return false;
}

/** The account's address when it may hear about the claim: proved its own (docs/product.md#e-mail-confirmation). */
async function confirmedAddress(db: DbOrTx, userId: number): Promise<string | null> {
  const [user] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt, closedAt: users.closedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return user && user.verifiedAt !== null && user.closedAt === null ? user.email : null;
}

/**
 * POST /api/user/claims and claims.report. Stored once per (account, phone id): a repeat answers the stored claim and
 * writes nothing, even when two copies race (the unique index has the last word), and is never refused by the limits.
 * The policy and time are checked, then the photos re-encoded (CPU, outside any transaction), then one transaction
 * checks the limits and stores the claim, its photos, its audit entry and its e-mail: a refusal at any step stores
 * nothing.
 */
export async function reportClaim(deps: Deps, caller: Caller, input: ClaimInput): Promise<MyClaimView> {
  const earlier = await storedClaim(deps.db, caller.id, input.clientId);
  if (earlier) return earlier;

  const now = deps.clock.now();
  const policy = await ownPolicy(deps.db, caller.id, input.policyNumber);
  const occurredAt = Date.parse(input.occurredAt);
  checkClaimable(policy, occurredAt, now);
  // Refused before its photos cost any work when the counts alone are over; the photos' bytes are weighed in the write.
  const early = claimLimitRefusal(await reportsInWindow(deps.db, caller.id, policy.id, now), 0, now);
  if (early) throw early;
  const photos = await processPhotos(input.photos);
  const photoBytes = photos.reduce((total, p) => total + p.bytes.length + p.thumbnail.length, 0);

  try {
    const outcome = await deps.write(async (tx) => {
      const sentBefore = await storedClaim(tx, caller.id, input.clientId);
      if (sentBefore) return { claim: sentBefore, mailed: false };
      // Counted again inside the write that stores it: two reports at once cannot both fit under a limit.
      const refused = claimLimitRefusal(await reportsInWindow(tx, caller.id, policy.id, now), photoBytes, now);
      if (refused) throw refused;
      const reference = await unusedReference(tx, claimQueue);
      const [row] = await tx
        .insert(claims)
        .values({
          reference,
          userId: caller.id,
          clientId: input.clientId,
          policyId: policy.id,
          status: 'new',
          kind: input.kind,
          occurredAt,
          location: input.location,
          latitude: input.coordinates?.latitude ?? null,
          longitude: input.coordinates?.longitude ?? null,
          accuracy: input.coordinates?.accuracy ?? null,
          description: input.description,
          phone: input.phone,
          injuries: input.injuries,
          answers: JSON.stringify(answersOf(input)),
          dueAt: claimDueAt(now, input.injuries, bankHolidays),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: claims.id });
      const claimId = row!.id;
      for (const p of photos) {
        await tx.insert(claimPhotos).values({
          claimId,
          position: p.position,
          mime: 'image/jpeg',
          width: p.width,
          height: p.height,
          takenAt: p.takenAt,
          bytes: p.bytes,
          thumbnail: p.thumbnail,
        });
      }
      await writeLog(tx, now, { action: `Claim reported: ${reference} on policy ${policy.policyNumber}`, username: caller.username, userId: caller.id });
      const to = await confirmedAddress(tx, caller.id);
      if (to !== null) {
        const mail = claimReportedMail(deps.publicUrl, to, policy.holderName, {
          reference,
          policyNumber: policy.policyNumber,
          kind: input.kind,
          occurredAt,
          phone: input.phone,
          photoCount: photos.length,
          injuries: input.injuries,
        });
        await deps.mailer.queue(tx, mail);
      }
      const claim = await storedClaim(tx, caller.id, input.clientId);
      if (!claim) throw new Error('a claim just stored cannot be read back');
      return { claim, mailed: to !== null };
    });
    if (outcome.mailed) deliverSoon(deps, 'claim confirmation');
    return outcome.claim;
  } catch (err) {
    // Another process stored the same report between our look and our write: answer its copy.
    if (!isSecondCopy(err)) throw err;
    const stored = await storedClaim(deps.db, caller.id, input.clientId);
    if (!stored) throw err;
    return stored;
  }
}
