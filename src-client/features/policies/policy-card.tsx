// One policy at a glance (docs/product.md#dashboard). `now` comes from the page's one clock (use-now.ts), so the
// card and the Active/Expired split never disagree. Its order is a phone's: the policy and its status, the
// certificate (what is shown at the roadside, on the first screen), then the countdown and the details, then the help.
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { documentsOf } from '@server/contract/documents';
import type { PolicyView } from '@server/contract/views';
import { brand, brandTelHref } from '@server/contract/brand';
import { formatPounds } from '@server/contract/pounds';
import { buttonClass } from '../../components/button';
import type { CoverState } from '@server/contract/cover';
import { DocumentButtons, DocumentFailureMessage, useDocumentActions } from './document-buttons';
import { ExtendCover } from './extend-cover';
import {
  countdown,
  countdownSummary,
  coverStateOf,
  formatDuration,
  formatUkDateTime,
  policyWindow,
  progressPercent,
} from './policy-time';

export const POLICY_NUMBER_MISSING = 'Policy number not available.';
const AWAITING_CONFIRMATION = 'Awaiting confirmation';

const AMBER = 'bg-amber-100 text-amber-900 ring-amber-700/30';
const GREEN = 'bg-green-100 text-green-900 ring-green-700/30';
const SLATE = 'bg-slate-200 text-slate-800 ring-slate-600/30';

/** The badge: what the cover is now, never 'Active' unless it is in force (the stored status wins). */
function badgeOf(state: CoverState, status: PolicyView['status']): { text: string; className: string } {
  switch (state) {
    case 'pending':
      return { text: AWAITING_CONFIRMATION, className: AMBER };
    case 'upcoming':
      return { text: 'Starts soon', className: AMBER };
    case 'live':
      return { text: 'Active', className: GREEN };
    case 'ended':
      return { text: status === 'cancelled' ? 'Cancelled' : status === 'void' ? 'Void' : 'Expired', className: SLATE };
  }
}

/** The vehicle as the certificate names it: model, with the registration mark when there is one. */
export function vehicleText(p: Pick<PolicyView, 'carModel' | 'registration'>): string {
  const model = p.carModel.trim();
  if (p.registration) return model ? `${model} (${p.registration})` : p.registration;
  return model || 'Not recorded';
}

export function PolicyCard({
  policy,
  now,
  headingLevel = 3,
  customerActions = true,
  paid,
  cacheFor,
}: {
  policy: PolicyView;
  now: number;
  headingLevel?: 2 | 3;
  /** The user whose offline copy of the certificate may answer (null while impersonating: docs/product.md#offline). */
  cacheFor: number | null;
  /** The customer's own actions ('Make a claim', 'Buy again', 'Call us', 'Contact us'); false while staff impersonate. */
  customerActions?: boolean;
  /** What the customer has paid for it, in pounds (features/payments/mine.ts); undefined while not known. */
  paid?: number | undefined;
}) {
  const id = useId();
  const { startAt, endAt } = policyWindow(policy);
  const state = coverStateOf(policy, now);
  const c = countdown(policy, now);
  const percent = progressPercent(policy, now);
  const badge = badgeOf(state, policy.status);
  // Staff ended it before its end date: its end date is not when it ended.
  const endedEarly = state === 'ended' && now < endAt;
  const Heading = `h${headingLevel}` as const;
  const number = policy.policyNumber.trim();

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">Policy number</p>
          <Heading id={`${id}-title`} className="font-mono text-xl font-bold break-all text-ink sm:text-2xl">
            {number || <span className="font-sans text-base font-semibold text-ink-muted">{POLICY_NUMBER_MISSING}</span>}
          </Heading>
        </div>
        <p className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${badge.className}`}>
          <span className="sr-only">Status: </span>
          {badge.text}
        </p>
      </div>

      {number && documentsOf(policy.status).includes('certificate') && (state === 'live' || state === 'upcoming') ? (
        <CardCertificate policy={policy} cacheFor={cacheFor} titleId={`${id}-title`} headingLevel={headingLevel === 2 ? 3 : 4} />
      ) : null}

      <div className="mt-5 grid gap-6 md:grid-cols-2">
        <div className="rounded-lg bg-brand-50 p-4">
          <p id={`${id}-countdown-label`} className="font-semibold text-brand-700" data-testid="countdown-label">
            {c.label}
          </p>
          {/* role=timer is a live region that is off by default: the seconds are read on request, never
              announced. The sr-only summary below speaks up at most once a minute. */}
          {policy.status === 'void' ? (
            <p className="mt-1 text-ink" data-testid="countdown">
              Void: set up in error, never in force. This policy gave no cover and has no certificate.
            </p>
          ) : state === 'pending' ? (
            <p className="mt-1 text-ink" data-testid="countdown">
              We are confirming this cover. You are not covered to drive until we have: we will e-mail you when it
              is confirmed, and your certificate will appear here.
            </p>
          ) : c.remaining === null ? (
            <p className="mt-1 flex min-h-9 items-end text-ink" data-testid="countdown">
              {endedEarly
                ? `Cover ended early: this policy was ${policy.status === 'cancelled' ? 'cancelled' : 'ended'} before ${formatUkDateTime(endAt)}`
                : `Cover ended ${formatUkDateTime(endAt)}`}
            </p>
          ) : (
            <p
              role="timer"
              aria-live="off"
              aria-labelledby={`${id}-countdown-label`}
              className="mt-1 min-h-9 text-2xl font-bold text-ink tabular-nums sm:text-3xl"
              data-testid="countdown"
            >
              {formatDuration(c.remaining)}
            </p>
          )}
          <p className="sr-only" aria-live="polite" aria-atomic="true">
            {countdownSummary(c)}
          </p>

          {/* Pending cover has no period running yet: no progress to show. */}
          {state === 'pending' ? null : (
            <div className="mt-4">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span id={`${id}-progress-label`} className="font-semibold text-ink">
                  Cover period elapsed
                </span>
                <span className="text-ink-muted tabular-nums" aria-hidden="true">
                  {percent}%
                </span>
              </div>
              <div
                role="progressbar"
                aria-labelledby={`${id}-progress-label`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${percent}%`}
                className="mt-1 h-3 w-full overflow-hidden rounded-full bg-white ring-1 ring-brand-700/40"
              >
                <div className="h-full rounded-full bg-brand-700 transition-[width] duration-500" style={{ width: `${percent}%` }} />
              </div>
            </div>
          )}
        </div>

        <dl className="grid grid-cols-2 content-start gap-x-4 gap-y-3 text-base">
          <Detail term="Policyholder" value={policy.holderName || 'Not recorded'} />
          <Detail term="Driver" value={policy.driverName || 'Not recorded'} />
          <Detail term="Vehicle" value={vehicleText(policy)} className="col-span-2" />
          <Detail term="Starts" value={<time dateTime={new Date(startAt).toISOString()}>{formatUkDateTime(startAt)}</time>} />
          <Detail term="Ends" value={<time dateTime={new Date(endAt).toISOString()}>{formatUkDateTime(endAt)}</time>} />
          <Detail term="Premium" value={policy.premium === null ? 'Not recorded' : formatPounds(policy.premium)} />
          {paid === undefined ? null : <Detail term="Premium paid" value={formatPounds(paid)} />}
        </dl>
      </div>

      {customerActions ? (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link to="/claims" className={buttonClass('primary')}>
            Make a claim
          </Link>
          {/* More time in two taps, priced and paid online (docs/product.md#extending-cover). */}
          {number && policy.status === 'active' && (state === 'live' || state === 'upcoming') ? <ExtendCover policy={policy} /> : null}
          {/* The wizard filled in from this policy, as the cover-ending reminder's link does (docs/product.md#asking-for-more-cover). */}
          {number && policy.status !== 'void' ? (
            <Link to="/request-quote-step1" search={{ renew: number }} className={buttonClass('secondary')} aria-label={`Buy again: ${number}`}>
              Buy again
            </Link>
          ) : null}
          <a href={brandTelHref(brand.phones.support)} className={buttonClass('secondary')}>
            Call us <span className="ml-1 font-normal tabular-nums">{brand.phones.support}</span>
          </a>
          <Link to="/support" className={buttonClass('secondary')}>
            Contact us
          </Link>
        </div>
      ) : null}
    </article>
  );
}

/**
 * The certificate of cover in force or to come, where the card starts: on a 320 px phone its View and Download are on
 * the first screen, above the countdown (docs/product.md#dashboard). Ended cover's certificate, a record, stays in
 * Policy Documents.
 */
function CardCertificate({ policy, cacheFor, titleId, headingLevel }: { policy: PolicyView; cacheFor: number | null; titleId: string; headingLevel: 3 | 4 }) {
  const id = useId();
  const { busy, failure, run } = useDocumentActions(cacheFor);
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={id} className="mt-4 border-t border-brand-100 pt-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <Heading id={id} className="font-semibold text-ink">
          Certificate of Motor Insurance
        </Heading>
        <DocumentButtons policy={policy} kind="certificate" busy={busy} describedBy={`${titleId} ${id}`} onRun={(kind, action) => void run(policy, kind, action)} />
      </div>
      {failure ? (
        <div className="mt-3">
          <DocumentFailureMessage failure={failure} />
        </div>
      ) : null}
    </section>
  );
}

function Detail({ term, value, className = '' }: { term: string; value: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-sm font-semibold text-ink-muted">{term}</dt>
      <dd className="break-words text-ink">{value}</dd>
    </div>
  );
}
