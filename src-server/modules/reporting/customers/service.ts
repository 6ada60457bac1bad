// Staff's one view of a customer (docs/product.md#one-view-of-a-customer): everything the broker holds on one account,
// read at once, each list its newest CUSTOMER_LIST_LIMIT. It shows personal data, so every read is audit-logged, as
// impersonation is.
import { and, desc, eq, gte, inArray, or, sql, sum } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import { CUSTOMER_LIST_LIMIT, type CustomerOverviewView } from '../../../contract/views';
import { callbackRequests, claims, mailOutbox, policies, policyPayments, quoteRequests, requestNotes, type users } from '../../../platform/db/schema/index';
import type { DbOrTx } from '../../../platform/db/client';
import type { Caller, Deps } from '../../../deps';
import { NotFoundError } from '../../../errors';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { logEvent } from '../../../platform/audit/log';
import { findUser, toUserView, type RecordsOptions } from '../../accounts';
import { toPolicyView } from '../../policies';
import { offerOf } from '../../requests';

const iso = (ms: number) => new Date(ms).toISOString();

/** Each value once, in the order first met, blanks dropped. */
const distinct = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** GET /api/admin/users/{id}/overview and admin.users.overview. */
export async function customerOverview(deps: Deps, caller: Caller, id: number): Promise<CustomerOverviewView> {
  assertAdminRights(caller);
  const user = await findUser(deps.db, id);
  if (!user) throw new NotFoundError(messages.userNotFound);
  const view = await customerRecords(deps.db, user);
  await logEvent(deps, { action: `Viewed customer #${id} (${user.username})`, username: caller.username, userId: caller.id });
  return view;
}

/**
 * What the broker holds on one account, each list its newest CUSTOMER_LIST_LIMIT: staff's one view of a customer and
 * the customer's own copy (docs/product.md#my-data) read the same records, so neither finds more than the other, but
 * for the e-mails (`options.mails`).
 */
export async function customerRecords(db: DbOrTx, user: typeof users.$inferSelect, options: RecordsOptions = { mails: 'all' }): Promise<CustomerOverviewView> {
  const id = user.id;
  const limit = CUSTOMER_LIST_LIMIT;

  // Quote requests are theirs once claimed (docs/product.md#e-mail-confirmation): quote_requests_user_created_idx.
  const quoteRows = await db
    .select({ request: quoteRequests, policyNumber: policies.policyNumber })
    .from(quoteRequests)
    .leftJoin(policies, eq(policies.id, quoteRequests.policyId))
    .where(eq(quoteRequests.userId, id))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(limit);
  // A callback names no account: it is theirs by the address, and only once they proved they own it, as with quotes.
  const callbackRows =
    user.emailVerifiedAt === null
      ? []
      : await db
          .select()
          .from(callbackRequests)
          .where(sql`lower(${callbackRequests.email}) = lower(${user.email})`)
          .orderBy(desc(callbackRequests.createdAt), desc(callbackRequests.id))
          .limit(limit);
  // policies_user_start_idx: the latest cover first.
  const policyRows = await db.select().from(policies).where(eq(policies.userId, id)).orderBy(desc(policies.startAt), desc(policies.id)).limit(limit);
  const policyIds = policyRows.map((p) => p.id);
  const policyNumbers = new Map(policyRows.map((p) => [p.id, p.policyNumber]));

  const paidRows = policyIds.length
    ? await db.select({ policyId: policyPayments.policyId, paid: sum(policyPayments.amountPence) }).from(policyPayments).where(inArray(policyPayments.policyId, policyIds)).groupBy(policyPayments.policyId)
    : [];
  const paidPence = new Map(paidRows.map((r) => [r.policyId, Number(r.paid ?? 0)]));
  const paymentRows = policyIds.length
    ? await db.select().from(policyPayments).where(inArray(policyPayments.policyId, policyIds)).orderBy(desc(policyPayments.at), desc(policyPayments.id)).limit(limit)
    : [];

  // Theirs by the account that reported them (claims_user_client_uq leads with the account).
  const claimRows = await db
    .select({ claim: claims, policyNumber: policies.policyNumber })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(eq(claims.userId, id))
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(limit);

  const refsOf = {
    quote: new Map(quoteRows.map((r) => [r.request.id, r.request.reference])),
    callback: new Map(callbackRows.map((r) => [r.id, r.reference])),
    claim: new Map(claimRows.map((r) => [r.claim.id, r.claim.reference])),
  };
  const noteWhere = or(
    ...Object.entries(refsOf).map(([kind, refs]) =>
      refs.size ? and(eq(requestNotes.requestKind, kind as keyof typeof refsOf), inArray(requestNotes.requestId, [...refs.keys()])) : undefined,
    ),
  );
  const noteRows = noteWhere ? await db.select().from(requestNotes).where(noteWhere).orderBy(desc(requestNotes.id)).limit(limit) : [];

  // Subject, status and when only: a body can hold a link that signs in or sets a password until it is delivered.
  // The account's own copy holds only what was sent to its address once it had proved it: before, the address may
  // have been someone else's, and their quotes' subjects (references, prices, policy numbers) are not the account's.
  const provedAt = user.emailVerifiedAt;
  const mailRows =
    options.mails === 'since-proved' && provedAt === null
      ? []
      : await db
          .select({ id: mailOutbox.id, subject: mailOutbox.subject, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
          .from(mailOutbox)
          .where(
            and(
              sql`lower(${mailOutbox.toAddress}) = lower(${user.email})`,
              options.mails === 'since-proved' && provedAt !== null ? gte(mailOutbox.createdAt, provedAt) : undefined,
            ),
          )
          .orderBy(desc(mailOutbox.id))
          .limit(limit);

  // Most recent first across both kinds of request, so the first phone is the one they gave last.
  const contactRows = [
    ...quoteRows.map(({ request: r }) => ({ at: r.createdAt, phone: r.phone, postcode: r.postcode })),
    ...callbackRows.map((r) => ({ at: r.createdAt, phone: r.phone, postcode: '' })),
  ].sort((a, b) => b.at - a.at);

  const view: CustomerOverviewView = {
    account: toUserView(user),
    contact: { phones: distinct(contactRows.map((c) => c.phone)), postcodes: distinct(contactRows.map((c) => c.postcode)) },
    quoteRequests: quoteRows.map(({ request: r, policyNumber }) => ({
      id: r.id,
      reference: r.reference,
      status: r.status,
      createdAt: iso(r.createdAt),
      product: r.product,
      requestedStart: r.requestedStartAt === null ? null : iso(r.requestedStartAt),
      offer: offerOf(r),
      policyNumber: policyNumber ?? null,
    })),
    callbackRequests: callbackRows.map((r) => ({
      id: r.id,
      reference: r.reference,
      status: r.status,
      createdAt: iso(r.createdAt),
      reasonForContact: r.reasonForContact,
      callbackDate: r.callbackDate,
    })),
    policies: policyRows.map((p) => {
      const paid = paidPence.get(p.id) ?? 0;
      return { ...toPolicyView(p, user.username), paid: paid / 100, balance: p.premiumPence === null ? null : (p.premiumPence - paid) / 100 };
    }),
    claims: claimRows.map(({ claim: c, policyNumber }) => ({
      id: c.id,
      reference: c.reference,
      status: c.status,
      createdAt: iso(c.createdAt),
      policyNumber,
      kind: c.kind,
      occurredAt: iso(c.occurredAt),
      injuries: c.injuries,
      dueAt: iso(c.dueAt),
    })),
    payments: paymentRows.map((r) => ({
      id: r.id,
      amount: r.amountPence / 100,
      method: r.method,
      reference: r.reference,
      at: iso(r.at),
      username: r.username,
      policyId: r.policyId,
      policyNumber: policyNumbers.get(r.policyId) ?? '',
    })),
    notes: noteRows.map((n) => ({
      id: n.id,
      author: n.authorUsername,
      createdAt: iso(n.createdAt),
      text: n.text,
      request: { kind: n.requestKind, reference: refsOf[n.requestKind].get(n.requestId) ?? '' },
    })),
    mails: mailRows.map((m) => ({ id: m.id, subject: m.subject, status: m.status, createdAt: iso(m.createdAt), sentAt: m.sentAt === null ? null : iso(m.sentAt) })),
  };
  return view;
}
