// The claim report form (docs/product.md#reporting-a-claim), for one hand on a 320 px phone: one column, big targets,
// every field labelled, its error beside it from the same schema the server uses (contract/claim.ts claimInput), and
// focus on the first error. What is typed is kept on the phone as it is typed (outbox.ts); 'Send' puts it in the
// outbox and says what became of it.
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { claimMessages } from '@server/contract/claim';
import { Alert } from '../../components/alert';
import { Button, buttonClass } from '../../components/button';
import { QueryScope } from '../../lib/query-client';
import { nowLocal } from './claim-checks';
import { ClaimForm } from './claim-form';
import type { SendResult } from './outbox';
import { emptyAnswers, type StoredReport } from './stored-report';
import { claimOutbox } from './outbox-store';

/** What the page says of a report that left the form. */
function resultText(result: SendResult): { tone: 'success' | 'info' | 'error'; text: string } {
  switch (result.kind) {
    case 'sent':
      return { tone: 'success', text: claimMessages.sent(result.claim.reference) };
    case 'offline':
      return { tone: 'info', text: claimMessages.saved };
    case 'later':
      return { tone: 'info', text: 'Saved on this phone - our server could not take it just now; it will be sent again shortly' };
    case 'signed-out':
      return { tone: 'info', text: 'Saved on this phone - sign in again to send it' };
    case 'refused':
      return { tone: 'error', text: result.refusal.message };
  }
}

export function ClaimReport({ userId }: { userId: number }) {
  return (
    <QueryScope>
      <ClaimReportInner userId={userId} />
    </QueryScope>
  );
}

function ClaimReportInner({ userId }: { userId: number }) {
  const outbox = claimOutbox();
  const [report, setReport] = useState<StoredReport | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  /** What became of reports sent from here or by the outbox meanwhile, newest first. */
  const [results, setResults] = useState<Array<{ clientId: string; result: SendResult }>>([]);
  const [done, setDone] = useState(false);

  const open = useCallback(() => {
    outbox
      .current(userId, () => emptyAnswers(nowLocal()))
      .then((r) => {
        setReport(r);
        setDone(false);
      })
      .catch(() => setLoadFailed(true));
  }, [outbox, userId]);

  useEffect(open, [open]);

  // Reports sent by the outbox on its own (the connection came back): their result replaces 'Saved on this phone'.
  useEffect(
    () =>
      outbox.subscribe(({ clientId, result }) => {
        if (!clientId || !result) return;
        setResults((list) => (list.some((x) => x.clientId === clientId) ? list.map((x) => (x.clientId === clientId ? { clientId, result } : x)) : list));
      }),
    [outbox],
  );

  const onSent = (clientId: string, result: SendResult) => {
    setResults((list) => [{ clientId, result }, ...list.filter((x) => x.clientId !== clientId)]);
    if (result.kind !== 'refused') setDone(true);
  };

  if (loadFailed) {
    return (
      <Alert tone="error" title="This phone cannot keep a claim report">
        Its storage is not available (a private window, or storage turned off). Please call the claims line above.
      </Alert>
    );
  }

  return (
    <>
      <div aria-live="polite" className="space-y-3">
        {results
          .filter((x) => x.result.kind !== 'refused')
          .map(({ clientId, result }) => {
            const { tone, text } = resultText(result);
            return <Alert key={clientId} tone={tone} title={text} />;
          })}
      </div>
      {done ? (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button onClick={open} className="w-full sm:w-auto">
            Report another claim
          </Button>
          <Link to="/dashboard" className={buttonClass('secondary', 'w-full sm:w-auto')}>
            See your claims
          </Link>
        </div>
      ) : report ? (
        <ClaimForm key={report.clientId} initial={report} userId={userId} onSent={onSent} />
      ) : (
        <p className="text-ink-muted">Loading the claim report...</p>
      )}
    </>
  );
}
