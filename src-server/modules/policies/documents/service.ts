// A policy's documents as PDFs (docs/product.md#policy-documents): each made from the policy as it stands, its
// payments and the quote request it was issued from (its answers, the certificate's and schedule's use and a learner's
// supervisor), read in the caller's database or transaction.
import { asc, eq } from 'drizzle-orm';
import { documentExists, documentFileName, documentLabels, type DocumentKind } from '../../../contract/documents';
import { messages } from '../../../contract/messages';
import { hasAdminRights } from '../../../contract/roles';
import { storedDetails } from '../../../contract/offer';
import { statementAnswers } from '../../../contract/statement-of-fact';
import type { Caller, Deps } from '../../../deps';
import { ConflictError } from '../../../errors';
import { logEvent } from '../../../platform/audit/log';
import type { DbOrTx } from '../../../platform/db/client';
import { policyPayments, quoteRequests } from '../../../platform/db/schema/index';
import { certificateFor, coverTermsOf, renderCertificateOf } from '../certificates/service';
import type { PolicyRow } from '../policies/row';
import { findViewablePolicy } from '../policies/service';
import { renderSchedulePdf } from './schedule-pdf';
import { renderStatementPdf, type StatementRequest } from './statement-pdf';
import { renderSummaryPdf } from './summary-pdf';

type DocumentDeps = Pick<Deps, 'clock' | 'publicUrl'>;

export interface DocumentFile {
  fileName: string;
  bytes: Uint8Array;
}

/** The payments recorded on a policy, oldest first (refunds are negative). */
async function paymentsOf(db: DbOrTx, policyId: number) {
  return db
    .select({ at: policyPayments.at, method: policyPayments.method, reference: policyPayments.reference, amountPence: policyPayments.amountPence })
    .from(policyPayments)
    .where(eq(policyPayments.policyId, policyId))
    .orderBy(asc(policyPayments.id));
}

/** The quote request the policy was issued from, as the Statement of Fact reads it; null for a policy staff set up. */
async function requestOf(db: DbOrTx, policyId: number): Promise<StatementRequest | null> {
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.policyId, policyId)).orderBy(asc(quoteRequests.id)).limit(1);
  if (!row) return null;
  return {
    reference: row.reference,
    createdAt: row.createdAt,
    answers: statementAnswers(storedDetails(row)),
    acceptedAt: row.acceptedAt,
    acceptedVia: row.acceptedVia,
    acceptedBy: row.acceptedBy,
  };
}

/** One document of a policy, which must exist for it (contract/documents.ts documentExists). */
export async function renderDocument(deps: DocumentDeps, db: DbOrTx, policy: PolicyRow, kind: DocumentKind): Promise<DocumentFile> {
  const issuedAt = deps.clock.now();
  const fileName = documentFileName(policy.policyNumber, kind);
  switch (kind) {
    case 'certificate':
      return renderCertificateOf(deps, db, policy);
    case 'schedule': {
      const [terms, payments] = [await coverTermsOf(db, policy.id), await paymentsOf(db, policy.id)];
      return { fileName, bytes: renderSchedulePdf({ ...policy, ...terms, payments, issuedAt }) };
    }
    case 'statement-of-fact':
      return { fileName, bytes: renderStatementPdf({ policyNumber: policy.policyNumber, policy, request: await requestOf(db, policy.id), issuedAt }) };
    case 'summary':
      return { fileName, bytes: renderSummaryPdf({ policyNumber: policy.policyNumber, product: policy.product, issuedAt }) };
  }
}

/**
 * GET /api/policies/{policyNumber}/documents/{kind}: a document of a policy the caller may see (another's answers
 * 404 like a missing one); a certificate that does not exist (pending, void) 409, as on its own route.
 */
export async function documentFor(deps: Deps, caller: Caller, policyNumber: string, kind: DocumentKind): Promise<DocumentFile> {
  if (kind === 'certificate') return certificateFor(deps, caller, policyNumber);
  const policy = await findViewablePolicy(deps, caller, policyNumber);
  if (!documentExists(kind, policy.status)) throw new ConflictError(messages.coverNotConfirmed);
  const file = await renderDocument(deps, deps.db, policy, kind);
  // Staff reading another's document is logged (docs/product.md#audit-log) first: an unrecorded read is not served.
  if (hasAdminRights(caller) && policy.userId !== caller.id) {
    await logEvent(deps, { action: `Viewed ${documentLabels[kind].toLowerCase()} ${policy.policyNumber}`, username: caller.username, userId: caller.id });
  }
  return file;
}
