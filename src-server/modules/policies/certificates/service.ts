import { asc, eq } from 'drizzle-orm';
import { coverStateAt, hasCertificate } from '../../../contract/cover';
import { messages } from '../../../contract/messages';
import { requestCoverTerms } from '../../../contract/offer';
import { NO_COVER_TERMS, type CoverTerms } from '../../../contract/products';
import { hasAdminRights } from '../../../contract/roles';
import { logEvent } from '../../../platform/audit/log';
import type { DbOrTx } from '../../../platform/db/client';
import { quoteRequests } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { ConflictError } from '../../../errors';
import type { PolicyRow } from '../policies/row';
import { findViewablePolicy } from '../policies/service';
import { verifyLink } from '../verify/service';
import { renderCertificatePdf } from './pdf';

/** The certificate of a policy the caller may see; pending is a conflict, ended cover a record (docs/product.md#certificates). */
export async function certificateFor(deps: Deps, caller: Caller, policyNumber: string) {
  const policy = await findViewablePolicy(deps, caller, policyNumber);
  if (!hasCertificate(policy.status)) throw new ConflictError(policy.status === 'void' ? messages.policyVoid : messages.coverNotConfirmed);
  const file = await renderCertificateOf(deps, deps.db, policy);
  // Staff reading another's certificate is logged (docs/product.md#audit-log) first: an unrecorded read is not served.
  if (hasAdminRights(caller) && policy.userId !== caller.id) {
    await logEvent(deps, { action: `Viewed certificate ${policy.policyNumber}`, username: caller.username, userId: caller.id });
  }
  return file;
}

/**
 * The use and a learner's supervisor the certificate and schedule state (docs/product.md#certificates), read from the
 * quote request the policy was issued from rather than copied onto the policy: the request the customer declared is
 * the one record of them. A policy staff made has no request, and states its product's own use.
 */
export async function coverTermsOf(db: DbOrTx, policyId: number): Promise<CoverTerms> {
  const [row] = await db.select({ details: quoteRequests.details }).from(quoteRequests).where(eq(quoteRequests.policyId, policyId)).orderBy(asc(quoteRequests.id)).limit(1);
  if (!row) return NO_COVER_TERMS;
  try {
    return requestCoverTerms(JSON.parse(row.details) as unknown);
  } catch {
    // A row written by hand or by an older version: the product's own use, as for a policy with no request.
    return NO_COVER_TERMS;
  }
}

/** The certificate of a policy the caller has found and checked (the download, the policy documents: docs/product.md#e-mails). */
export async function renderCertificateOf(deps: Pick<Deps, 'clock' | 'publicUrl'>, db: DbOrTx, policy: PolicyRow) {
  const terms = await coverTermsOf(db, policy.id);
  const now = deps.clock.now();
  const ended = coverStateAt(policy.status, policy.startAt, policy.endAt, now) === 'ended';
  // The row has the certificate's fields under their names; the PDF reads only those.
  const bytes = renderCertificatePdf({
    ...policy,
    ...terms,
    verifyUrl: policy.verifyCode === null ? null : verifyLink(deps, policy.verifyCode),
    endedAt: ended ? (policy.endedAt ?? policy.endAt) : null,
    issuedAt: now,
  });
  return { fileName: `${policy.policyNumber}_certificate.pdf`, bytes };
}
