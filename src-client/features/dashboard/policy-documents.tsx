// The dashboard's "Policy Documents" (docs/product.md#dashboard): failures are told in the page by their policy,
// never alerted. aria-disabled rather than `disabled` keeps keyboard focus on a busy button.
import { memo, useId, useState } from 'react';
import { hasCertificate } from '@server/contract/cover';
import type { PolicyView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { buttonClass } from '../../components/button';
import {
  CERTIFICATE_MESSAGES,
  CertificateError,
  downloadCertificate,
  loadCertificate,
  viewCertificate,
} from './certificate-actions';
import { POLICY_NUMBER_MISSING, vehicleText } from './policy-card';
import { formatUkDateTime, policyWindow } from './policy-time';

const NO_DOCUMENTS = 'No policies available to display documents.';
/** What 'not saved for offline use' means, and when it will open (docs/product.md#offline). */
const NOT_SAVED_EXPLAINED =
  'This device keeps the certificates of live and upcoming cover once your policies have loaded with a signal. This one will open when you are back online.';

type Kind = 'view' | 'download';

const LABELS: Record<Kind, { idle: string; busy: string }> = {
  view: { idle: 'View Certificate', busy: 'Loading...' },
  download: { idle: 'Download Certificate', busy: 'Downloading...' },
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
  const [failure, setFailure] = useState<{ policyId: number; message: string } | null>(null);

  async function run(policy: PolicyView, kind: Kind) {
    const key = `${policy.id}:${kind}`;
    if (busy.has(key)) return;
    setFailure(null);
    setBusy((b) => new Set(b).add(key));
    try {
      const pdf = await loadCertificate(policy, { cacheFor });
      if (kind === 'view') viewCertificate(pdf, policy.policyNumber);
      else downloadCertificate(pdf, policy.policyNumber);
    } catch (err) {
      setFailure({ policyId: policy.id, message: err instanceof CertificateError ? err.message : CERTIFICATE_MESSAGES.failed });
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
      <p className="mt-1 text-ink-muted">Your Certificate of Motor Insurance for each policy, as a PDF.</p>
      {policies.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-brand-100 p-5 text-ink-muted">{NO_DOCUMENTS}</p>
      ) : (
        <ul className="mt-4 divide-y divide-brand-100 rounded-lg border border-brand-100 bg-white">
          {policies.map((p) => (
            <DocumentRow
              key={p.id || p.policyNumber}
              policy={p}
              busy={busy}
              error={failure?.policyId === p.id ? failure.message : null}
              onRun={(kind) => void run(p, kind)}
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
  error: string | null;
  onRun: (kind: Kind) => void;
}) {
  const id = useId();
  const number = policy.policyNumber.trim();
  const { endAt } = policyWindow(policy);
  return (
    <li className="p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div id={`${id}-about`} className="min-w-0">
          <h3 className="font-mono text-lg font-bold break-all text-ink">
            {number || <span className="font-sans text-base font-semibold text-ink-muted">{POLICY_NUMBER_MISSING}</span>}
          </h3>
          <p className="text-ink-muted">{vehicleText(policy)}</p>
          <p className="text-ink-muted">{coverLine(policy.status, endAt)}</p>
        </div>
        {hasCertificate(policy.status) ? (
          <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
            {(['view', 'download'] as const).map((kind) => {
              const isBusy = busy.has(`${policy.id}:${kind}`);
              return (
                <button
                  key={kind}
                  type="button"
                  aria-disabled={isBusy || undefined}
                  aria-describedby={`${id}-about`}
                  onClick={() => {
                    if (!isBusy) onRun(kind);
                  }}
                  className={`${buttonClass(kind === 'view' ? 'primary' : 'secondary', 'min-w-52')} aria-disabled:cursor-progress aria-disabled:opacity-70`}
                >
                  {isBusy ? LABELS[kind].busy : LABELS[kind].idle}
                </button>
              );
            })}
          </div>
        ) : null}
      </div>
      {error ? (
        <div className="mt-3">
          {error === CERTIFICATE_MESSAGES.notSaved ? (
            <Alert tone="error" title={error}>
              {NOT_SAVED_EXPLAINED}
            </Alert>
          ) : (
            <Alert tone="error">{error}</Alert>
          )}
        </div>
      ) : null}
    </li>
  );
}
