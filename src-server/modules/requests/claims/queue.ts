// The Claims queue (docs/product.md#staff-queues) on modules/requests/queues/queue.ts, as the quote and callback queues are:
// due by whether someone is hurt (contract/queues.ts claimDueAt), the first call owed while `new`; and a claim's photos
// for staff.
import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { claimOpenStatuses, promiseOwedStatuses } from '../../../contract/queues';
import type { ClaimDetailView, ClaimView, RequestNoteView } from '../../../contract/views';
import { assertAdminRights } from '../../../platform/auth/permissions';
import type { DbOrTx } from '../../../platform/db/client';
import { totalOf } from '../../../platform/db/list';
import { claimPhotos, claims, policies, users } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { NotFoundError } from '../../../errors';
import { queueItemView, type Queue, type QueueRow } from '../queues/queue';
import { parseAnswers } from './answers';

export const claimNotFound = 'Claim not found';
export const claimPhotoNotFound = 'Photo not found';

/** The claim's account, apart from its assignee's. */
const owner = alias(users, 'claim_owner');

/** A claim as the queue reads it: the row with its account's e-mail, and what its views name beside it. */
type ClaimRow = typeof claims.$inferSelect & { email: string };
type ClaimQueueRow = QueueRow<ClaimRow> & { username: string; policyNumber: string; holderName: string; photoCount: number };

const iso = (ms: number) => new Date(ms).toISOString();

function claimView(row: ClaimQueueRow): ClaimView {
  const c = row.request;
  return {
    ...queueItemView(row),
    // The policyholder: the account has a username, not a name.
    name: row.holderName,
    userId: c.userId,
    policyId: c.policyId,
    policyNumber: row.policyNumber,
    kind: c.kind,
    occurredAt: iso(c.occurredAt),
    location: c.location,
    injuries: c.injuries,
    photoCount: row.photoCount,
  };
}

async function claimDetail(db: DbOrTx, row: ClaimQueueRow, notes: RequestNoteView[]): Promise<ClaimDetailView> {
  const c = row.request;
  const photos = await db
    .select({ position: claimPhotos.position, width: claimPhotos.width, height: claimPhotos.height, takenAt: claimPhotos.takenAt })
    .from(claimPhotos)
    .where(eq(claimPhotos.claimId, c.id))
    .orderBy(claimPhotos.position);
  return {
    ...claimView(row),
    coordinates: c.latitude !== null && c.longitude !== null ? { latitude: c.latitude, longitude: c.longitude, accuracy: c.accuracy } : null,
    description: c.description,
    ...parseAnswers(c.answers),
    photos: photos.map((p) => ({ ...p, takenAt: p.takenAt === null ? null : iso(p.takenAt) })),
    notes,
  };
}

/** Counted by claim_photos_claim_position_uq: a range of the index per claim. */
const photoCount = sql<number>`(SELECT count(*) FROM ${claimPhotos} WHERE ${claimPhotos.claimId} = ${claims.id})`.mapWith(Number);

export const claimQueue: Queue<ClaimQueueRow, ClaimView, ClaimDetailView, 'claim'> = {
  kind: 'claim',
  openStatuses: claimOpenStatuses,
  owedStatuses: promiseOwedStatuses.claims,
  table: claims,
  searchable: {
    text: [claims.reference, policies.policyNumber, policies.holderName, owner.username, owner.email, claims.phone, claims.status],
    phones: [claims.phone],
  },
  label: 'Claim',
  // The detail holds the description, injuries, other people's names and contacts, and where it happened.
  logsReads: true,
  notFound: claimNotFound,
  rows: (db) =>
    db
      .select({
        request: { ...getTableColumns(claims), email: owner.email },
        assigneeName: users.username,
        username: owner.username,
        policyNumber: policies.policyNumber,
        holderName: policies.holderName,
        photoCount,
      })
      .from(claims)
      .innerJoin(owner, eq(owner.id, claims.userId))
      .innerJoin(policies, eq(policies.id, claims.policyId))
      .leftJoin(users, eq(users.id, claims.assigneeId)),
  // The search reads the account and the policy: counted over the same joins (the assignee's is not needed).
  count: (db, where) =>
    totalOf(
      db
        .select({ total: count() })
        .from(claims)
        .innerJoin(owner, eq(owner.id, claims.userId))
        .innerJoin(policies, eq(policies.id, claims.policyId))
        .where(where),
    ),
  toView: claimView,
  toDetail: (row, notes, db) => claimDetail(db, row, notes),
};

/** Claims not closed ('Pending Claims'): a range of claims_status_due_idx per open status. */
export async function countOpenClaims(db: DbOrTx): Promise<number> {
  return totalOf(db.select({ total: count() }).from(claims).where(inArray(claims.status, [...claimOpenStatuses])));
}

/** One photo of a claim for staff: the stored JPEG, or its thumbnail. */
export async function claimPhoto(deps: Deps, caller: Caller, id: number, position: number, size: 'full' | 'thumb'): Promise<{ bytes: Uint8Array; fileName: string }> {
  assertAdminRights(caller);
  const [row] = await deps.db
    .select({ reference: claims.reference, bytes: size === 'thumb' ? claimPhotos.thumbnail : claimPhotos.bytes })
    .from(claimPhotos)
    .innerJoin(claims, eq(claims.id, claimPhotos.claimId))
    .where(and(eq(claimPhotos.claimId, id), eq(claimPhotos.position, position)))
    .limit(1);
  if (!row) throw new NotFoundError(claimPhotoNotFound);
  return { bytes: new Uint8Array(row.bytes), fileName: `${row.reference}-photo-${position}${size === 'thumb' ? '-thumb' : ''}.jpg` };
}
