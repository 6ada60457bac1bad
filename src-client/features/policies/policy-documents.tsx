// The dashboard's "Policy Documents" (docs/product.md#dashboard, #policy-documents): each policy's documents, each to
// view or download (document-buttons.tsx); failures are told in the page by their policy, never alerted.
import { memo, useId, type ReactNode } from 'react';
import { documentLabels, documentsOf, type DocumentKind } from '@server/contract/documents';
import type { PolicyView } from '@server/contract/views';
import { DocumentButtons, DocumentFailureMessage, useDocumentActions, type DocumentAction } from './document-buttons';
import { POLICY_NUMBER_MISSING, vehicleText } from './policy-card';
import { formatUkDateTime, policyWindow } from './policy-time';

const NO_DOCUMENTS = 'No policies available to display documents.';
const DOCUMENTS_INTRO =
  'The documents of each policy, as PDFs: your Certificate of Motor Insurance, Policy Schedule, Statement of Fact and Product Summary.';

/** What each document is, under its name. */
const ABOUT: Record<DocumentKind, string> = {
  certificate: 'Your proof of insurance: keep it with you when you drive.',
  schedule: 'Who and what is covered, when, the premium and your payments.',
  'statement-of-fact': 'What you told us when you asked for the quote.',
  summary: 'What the product covers and what it does not.',
};

export const PolicyDocuments = memo(function PolicyDocuments({
  policies,
  cacheFor,
}: {
  policies: PolicyView[];
  /** The user whose offline cache may answer (null while impersonating). */
  cacheFor: number | null;
}) {
  const { busy, failure, run } = useDocumentActions(cacheFor);

  return (
    <DocumentsSection>
      {policies.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-brand-100 p-5 text-ink-muted">{NO_DOCUMENTS}</p>
      ) : (
        <ul className="mt-4 divide-y divide-brand-100 rounded-lg border border-brand-100 bg-white">
          {policies.map((p) => (
            <DocumentRow
              key={p.id || p.policyNumber}
              policy={p}
              busy={busy}
              error={failure?.policyId === p.id ? failure : null}
              onRun={(kind, action) => void run(p, kind, action)}
            />
          ))}
        </ul>
      )}
    </DocumentsSection>
  );
});

/** The section's heading and what it holds: around the list, and around the page's placeholder while the list loads. */
export function DocumentsSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="policy-documents" className="mt-12">
      <h2 id="policy-documents" className="text-2xl font-bold text-brand-700">
        Policy Documents
      </h2>
      <p className="mt-1 text-ink-muted">{DOCUMENTS_INTRO}</p>
      {children}
    </section>
  );
}

/** What the certificate is worth: in force until its end, a record of ended cover, or none yet. */
function coverLine(status: PolicyView['status'], endAt: number): string {
  switch (status) {
    case 'pending':
      return 'Awaiting confirmation: the certificate is issued once your cover is confirmed.';
    case 'cancelled':
      return 'Cancelled: the certificate is kept as a record and is not valid.';
    case 'expired':
      return 'Ended: the certificate is kept as a record and is not valid.';
    case 'void':
      return 'Void: this policy was set up in error and never gave cover.';
    case 'active':
      return `Covered until ${formatUkDateTime(endAt)}`;
  }
}

function DocumentRow({
  policy,
  busy,
  error,
  onRun,
}: {
  policy: PolicyView;
  busy: ReadonlySet<string>;
  error: { kind: DocumentKind; message: string } | null;
  onRun: (kind: DocumentKind, action: DocumentAction) => void;
}) {
  const id = useId();
  const number = policy.policyNumber.trim();
  const { endAt } = policyWindow(policy);
  return (
    <li className="p-4 sm:p-5">
      <div id={`${id}-about`} className="min-w-0">
        <h3 className="font-mono text-lg font-bold break-all text-ink">
          {number || <span className="font-sans text-base font-semibold text-ink-muted">{POLICY_NUMBER_MISSING}</span>}
        </h3>
        <p className="text-ink-muted">{vehicleText(policy)}</p>
        <p className="text-ink-muted">{coverLine(policy.status, endAt)}</p>
      </div>
      <ul aria-label={`Documents of ${number || POLICY_NUMBER_MISSING}`} className="mt-3 divide-y divide-brand-50">
        {documentsOf(policy.status).map((kind) => (
          <li key={kind} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div id={`${id}-${kind}`} className="min-w-0">
              <h4 className="font-semibold text-ink">{documentLabels[kind]}</h4>
              <p className="text-sm text-ink-muted">{ABOUT[kind]}</p>
            </div>
            <DocumentButtons policy={policy} kind={kind} busy={busy} describedBy={`${id}-about ${id}-${kind}`} onRun={onRun} buttonClassName="min-w-52" />
          </li>
        ))}
      </ul>
      {error ? (
        <div className="mt-3">
          <DocumentFailureMessage failure={error} />
        </div>
      ) : null}
    </li>
  );
}
