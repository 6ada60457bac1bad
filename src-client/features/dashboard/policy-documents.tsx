// The dashboard's "Policy Documents" (docs/product.md#dashboard, #policy-documents): each policy's documents, each to
// view or download; failures are told in the page by their policy, never alerted. aria-disabled rather than
// `disabled` keeps keyboard focus on a busy button.
import { memo, useId, useState } from 'react';
import { documentLabels, documentsOf, type DocumentKind } from '@server/contract/documents';
import type { PolicyView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { buttonClass } from '../../components/button';
import { DocumentError, documentMessages, downloadDocument, loadDocument, viewDocument } from './document-actions';
import { POLICY_NUMBER_MISSING, vehicleText } from './policy-card';
import { formatUkDateTime, policyWindow } from './policy-time';

const NO_DOCUMENTS = 'No policies available to display documents.';
/** Under the heading, here and in the page's placeholder while the list loads. */
export const DOCUMENTS_INTRO =
  'The documents of each policy, as PDFs: your Certificate of Motor Insurance, Policy Schedule, Statement of Fact and Product Summary.';
/** What 'not saved for offline use' means, and when it will open (docs/product.md#offline). */
const NOT_SAVED_EXPLAINED =
  'This device keeps the documents of live and upcoming cover once your policies have loaded with a signal. This one will open when you are back online.';

type Action = 'view' | 'download';

/** 'View Certificate', 'Download Policy Schedule': each button names its document. */
const LABELS: Record<Action, { idle: (kind: DocumentKind) => string; busy: string }> = {
  view: { idle: (kind) => `View ${documentLabels[kind]}`, busy: 'Loading...' },
  download: { idle: (kind) => `Download ${documentLabels[kind]}`, busy: 'Downloading...' },
};

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
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<{ policyId: number; kind: DocumentKind; message: string } | null>(null);

  async function run(policy: PolicyView, kind: DocumentKind, action: Action) {
    const key = `${policy.id}:${kind}:${action}`;
    if (busy.has(key)) return;
    setFailure(null);
    setBusy((b) => new Set(b).add(key));
    try {
      const pdf = await loadDocument(policy, kind, { cacheFor });
      if (action === 'view') viewDocument(pdf, policy.policyNumber);
      else downloadDocument(pdf, policy.policyNumber, kind);
    } catch (err) {
      setFailure({ policyId: policy.id, kind, message: err instanceof DocumentError ? err.message : documentMessages(kind).failed });
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(key);
        return next;
      });
    }
  }

  return (
    <section aria-labelledby="policy-documents" className="mt-12">
      <h2 id="policy-documents" className="text-2xl font-bold text-brand-700">
        Policy Documents
      </h2>
      <p className="mt-1 text-ink-muted">{DOCUMENTS_INTRO}</p>
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
    </section>
  );
});

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
  onRun: (kind: DocumentKind, action: Action) => void;
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
            <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
              {(['view', 'download'] as const).map((action) => {
                const isBusy = busy.has(`${policy.id}:${kind}:${action}`);
                return (
                  <button
                    key={action}
                    type="button"
                    aria-disabled={isBusy || undefined}
                    aria-describedby={`${id}-about ${id}-${kind}`}
                    onClick={() => {
                      if (!isBusy) onRun(kind, action);
                    }}
                    className={`${buttonClass(action === 'view' ? 'primary' : 'secondary', 'min-w-52')} aria-disabled:cursor-progress aria-disabled:opacity-70`}
                  >
                    {isBusy ? LABELS[action].busy : LABELS[action].idle(kind)}
                  </button>
                );
              })}
            </div>
          </li>
        ))}
      </ul>
      {error ? (
        <div className="mt-3">
          {error.message === documentMessages(error.kind).notSaved ? (
            <Alert tone="error" title={error.message}>
              {NOT_SAVED_EXPLAINED}
            </Alert>
          ) : (
            <Alert tone="error">{error.message}</Alert>
          )}
        </div>
      ) : null}
    </li>
  );
}
