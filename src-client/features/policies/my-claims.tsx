// 'Your claims' (docs/product.md#dashboard): the customer's claims and where each stands (claims.mine), and the
// reports still on this phone, waiting for signal or for a correction (features/policies/outbox.ts), with a way to
// report a claim. Not shown while staff impersonate: the phone's reports are the staff member's own device's.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { claimKindLabels, claimStatusLabels } from '@server/contract/claim';
import { ukInstantText } from '@server/contract/time';
import { brand } from '@server/contract/brand';
import { buttonClass, TelLink } from '../../components/button';
import { trpc } from '../../lib/trpc';
import { isLimitRefusal, occurredAtInstant, type StoredReport } from './stored-report';

/** The customer's claims, newest first. */
export function myClaimsQuery() {
  return trpc.claims.mine.queryOptions(undefined, { retry: false });
}

/** This person's reports on the phone (not drafts nobody has sent), kept current as the outbox changes. */
function usePhoneReports(userId: number): StoredReport[] {
  const [reports, setReports] = useState<StoredReport[]>([]);
  useEffect(() => {
    // A browser with no IndexedDB keeps no reports on the phone.
    if (typeof indexedDB === 'undefined') return;
    let live = true;
    let stop: (() => void) | undefined;
    void import('./outbox-store')
      .then(({ claimOutbox }) => {
        const outbox = claimOutbox();
        const read = () =>
          void outbox
            .reports(userId)
            .then((list) => live && setReports(list.filter((r) => r.state !== 'draft')))
            .catch(() => undefined);
        stop = outbox.subscribe(read);
        read();
      })
      .catch(() => undefined);
    return () => {
      live = false;
      stop?.();
    };
  }, [userId]);
  return reports;
}

export function MyClaims({ userId }: { userId: number }) {
  const query = useQuery(myClaimsQuery());
  const phone = usePhoneReports(userId);
  const claims = query.data ?? [];
  // A report the server already has (sent from another tab) shows once, as the server's.
  const waiting = phone.filter((r) => !claims.some((c) => c.clientId === r.clientId));
  return (
    <section aria-labelledby="your-claims" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="your-claims" className="text-2xl font-bold text-brand-700">
          Your claims
        </h2>
        <Link to="/make-a-claim" className={buttonClass('primary')}>
          Report a claim
        </Link>
      </div>
      {waiting.length > 0 ? (
        <ul aria-label="Claim reports on this phone" className="mt-4 divide-y divide-brand-100 rounded-lg border border-brand-100 bg-white">
          {waiting.map((r) => (
            <li key={r.clientId} className="p-4 sm:p-5">
              <p className="font-bold text-ink">{r.answers.kind ? claimKindLabels[r.answers.kind] : 'Claim report'}{r.answers.policyNumber ? `, policy ${r.answers.policyNumber}` : ''}</p>
              <p className="text-ink-muted">{happenedText(occurredAtInstant(r.answers.occurredAt))}</p>
              {r.state === 'refused' && r.refusal && isLimitRefusal(r.refusal) ? (
                // Over the day's limits: nothing to correct, the claims line takes it.
                <p className="mt-1 font-semibold text-red-700">
                  Not sent: {r.refusal.message}. <TelLink phone={brand.phones.claims} label="Call the 24/7 claims line" />
                </p>
              ) : r.state === 'refused' ? (
                <p className="mt-1 font-semibold text-red-700">
                  Not sent: it needs correcting.{' '}
                  <Link to="/make-a-claim" className="underline underline-offset-2">
                    Correct and send it
                  </Link>
                </p>
              ) : (
                <p className="mt-1 font-semibold text-ink">Waiting for signal</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {query.isError ? (
        <p className="mt-4 text-ink-muted">Your claims cannot be shown just now.</p>
      ) : query.isPending ? (
        <p className="mt-4 text-ink-muted">Loading claims...</p>
      ) : claims.length === 0 ? (
        waiting.length === 0 ? (
          <p className="mt-4 text-ink-muted">You have no claims. Had an accident, damage or a theft? Report it here, even with no signal.</p>
        ) : null
      ) : (
        <ul aria-label="Claims" className="mt-4 divide-y divide-brand-100 rounded-lg border border-brand-100 bg-white">
          {claims.map((c) => (
            <li key={c.reference} className="p-4 sm:p-5">
              <p className="font-mono text-lg font-bold text-ink">{c.reference}</p>
              <p className="text-ink">
                {claimKindLabels[c.kind]}, policy {c.policyNumber}
              </p>
              <p className="text-ink-muted">{happenedText(c.occurredAt)}</p>
              <p className="mt-1 font-semibold text-ink">{claimStatusLabels[c.status]}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function happenedText(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? `Happened ${ukInstantText(ms)}` : 'When it happened is not filled in yet';
}
