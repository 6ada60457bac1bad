// A policy document's 'View …' and 'Download …' buttons (docs/product.md#policy-documents), shared by the dashboard's
// Policy Documents list and the policy card's certificate (docs/product.md#dashboard). Failures are told in the page
// beside the buttons, never alerted; aria-disabled rather than `disabled` keeps keyboard focus on a busy button.
import { useState } from 'react';
import { documentLabels, type DocumentKind } from '@server/contract/documents';
import type { PolicyView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { buttonClass } from '../../components/button';
import { DocumentError, documentMessages, downloadDocument, loadDocument, viewDocument } from './document-actions';

export type DocumentAction = 'view' | 'download';

/** 'View Certificate', 'Download Policy Schedule': each button names its document. */
const LABELS: Record<DocumentAction, { idle: (kind: DocumentKind) => string; busy: string }> = {
  view: { idle: (kind) => `View ${documentLabels[kind]}`, busy: 'Loading...' },
  download: { idle: (kind) => `Download ${documentLabels[kind]}`, busy: 'Downloading...' },
};

/** What 'not saved for offline use' means, and when it will open (docs/product.md#offline). */
const NOT_SAVED_EXPLAINED =
  'This device keeps the documents of live and upcoming cover once your policies have loaded with a signal. This one will open when you are back online.';

export interface DocumentFailure {
  policyId: number;
  kind: DocumentKind;
  message: string;
}

/**
 * The presses of one set of document buttons: which are busy (a press while busy is ignored), the last failure, and
 * `run`, which loads the PDF (`cacheFor`: the user whose offline copy may answer, null while impersonating) and views
 * or downloads it.
 */
export function useDocumentActions(cacheFor: number | null) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<DocumentFailure | null>(null);

  async function run(policy: PolicyView, kind: DocumentKind, action: DocumentAction) {
    const key = busyKey(policy, kind, action);
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

  return { busy, failure, run };
}

const busyKey = (policy: PolicyView, kind: DocumentKind, action: DocumentAction) => `${policy.id}:${kind}:${action}`;

/** View, then Download: stacked on a phone, side by side from `sm`. */
export function DocumentButtons({
  policy,
  kind,
  busy,
  describedBy,
  onRun,
  buttonClassName = '',
}: {
  policy: PolicyView;
  kind: DocumentKind;
  busy: ReadonlySet<string>;
  /** Ids of what says which policy and document the buttons are for. */
  describedBy: string;
  onRun: (kind: DocumentKind, action: DocumentAction) => void;
  buttonClassName?: string;
}) {
  return (
    <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
      {(['view', 'download'] as const).map((action) => {
        const isBusy = busy.has(busyKey(policy, kind, action));
        return (
          <button
            key={action}
            type="button"
            aria-disabled={isBusy || undefined}
            aria-describedby={describedBy}
            onClick={() => {
              if (!isBusy) onRun(kind, action);
            }}
            className={`${buttonClass(action === 'view' ? 'primary' : 'secondary', buttonClassName)} aria-disabled:cursor-progress aria-disabled:opacity-70`}
          >
            {isBusy ? LABELS[action].busy : LABELS[action].idle(kind)}
          </button>
        );
      })}
    </div>
  );
}

/** A failed view or download, said beside its buttons; 'not saved for offline use' with when it will open. */
export function DocumentFailureMessage({ failure }: { failure: Pick<DocumentFailure, 'kind' | 'message'> }) {
  return failure.message === documentMessages(failure.kind).notSaved ? (
    <Alert tone="error" title={failure.message}>
      {NOT_SAVED_EXPLAINED}
    </Alert>
  ) : (
    <Alert tone="error">{failure.message}</Alert>
  );
}
