// The customer's own quote requests (docs/product.md#dashboard), always with a way to ask for another, so a
// customer with no policies yet is never at a dead end. A price that stands can be accepted here, confirming the
// Statement of Fact (docs/product.md#accepting-a-quote).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { brand, brandTelHref } from '@server/contract/brand';
import { timeLeftText } from '@server/contract/offer';
import { acceptQuoteBody } from '@server/contract/payments';
import { formatPounds } from '@server/contract/pounds';
import { productLabels } from '@server/contract/products';
import { ukInstantText } from '@server/contract/time';
import type { MyQuoteRequestView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { Button, buttonClass } from '../../components/button';
import { CheckboxField } from '../../components/field';
import { Purchase } from '../../components/purchase/purchase';
import { CONFIRM_FACTS_LABEL, StatementOfFact } from '../../components/purchase/statement-of-fact';
import { useContractForm } from '../../lib/contract-form';
import { trpc, trpcClient } from '../../lib/trpc';
import { myQuotesQuery } from './queries';

type MyQuote = MyQuoteRequestView;

/** What happens after an acceptance: said in the dialog and under the request. */
const NEXT_STEPS = `We will call you to take payment by phone (or call us on ${brand.phones.support}). Once it is paid, your policy is set up and your documents are e-mailed to you.`;

/** A price awaiting acceptance: sent, the request still quoted, no policy, not accepted yet. */
const awaitsAcceptance = (q: MyQuote) => q.status === 'quoted' && q.offer !== null && q.policyNumber === null && q.offer.acceptance === null;

/** What a request's status means to the customer. */
function standing(q: MyQuote, now: number): string {
  if (q.policyNumber) return `Policy ${q.policyNumber} issued`;
  switch (q.status) {
    case 'new':
      return 'Received: a specialist will contact you within 24 hours';
    case 'contacted':
      return 'We have been in touch';
    case 'quoted': {
      if (!q.offer) return 'Quote sent';
      const until = Date.parse(q.offer.validUntil);
      if (q.offer.acceptance) return `You accepted this quote of ${formatPounds(q.offer.premium)} on ${ukInstantText(Date.parse(q.offer.acceptance.at))}.`;
      const left = timeLeftText(until, now);
      return left
        ? `Quote: ${formatPounds(q.offer.premium)}. Price valid for ${left}, until ${ukInstantText(until)}.`
        : `This price has lapsed: the quote of ${formatPounds(q.offer.premium)} ended ${ukInstantText(until)}.`;
    }
    case 'closed':
      return 'Closed';
  }
}

function QuoteRequestItem({ q, now }: { q: MyQuote; now: number }) {
  const [accepting, setAccepting] = useState(false);
  const lapsed = awaitsAcceptance(q) && timeLeftText(Date.parse(q.offer!.validUntil), now) === null;
  const open = awaitsAcceptance(q) && !lapsed;
  return (
    <li className="p-4 sm:p-5">
      <p className="font-mono text-lg font-bold text-ink">{q.reference}</p>
      <p className="text-ink-muted">
        {q.product ? `${productLabels[q.product]}, asked ` : 'Asked '}
        {ukInstantText(Date.parse(q.createdAt))}
      </p>
      <p className="mt-1 font-semibold text-ink">{standing(q, now)}</p>
      {open && q.payOnline ? (
        // An instant price is bought here, as on the wizard's step 3 (docs/product.md#paying-online).
        <Purchase reference={q.reference} requestEmail={null} premium={q.offer!.premium} payOnline buttonLabel={`Buy now: quote ${q.reference}`} />
      ) : open ? (
        <div className="mt-3">
          <Button onClick={() => setAccepting(true)} aria-label={`Accept quote ${q.reference}`}>
            Accept quote
          </Button>
        </div>
      ) : null}
      {lapsed ? (
        <p className="mt-1 text-ink">
          To have it sent again, call us on{' '}
          <a href={brandTelHref(brand.phones.support)} className="font-semibold whitespace-nowrap underline underline-offset-2">
            {brand.phones.support}
          </a>{' '}
          quoting {q.reference}, or reply to the quote e-mail.
        </p>
      ) : null}
      {q.offer?.acceptance && !q.policyNumber ? <p className="mt-1 text-ink">{NEXT_STEPS}</p> : null}
      {accepting ? <AcceptDialog q={q} onClose={() => setAccepting(false)} /> : null}
    </li>
  );
}

/** 'Accept quote': the price and the Statement of Fact, a confirmation, and Accept (a native modal dialog). */
function AcceptDialog({ q, onClose }: { q: MyQuote; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const [accepted, setAccepted] = useState(false);
  // The confirmation's message stays until the next Accept, and focus stays on the button pressed.
  const { register, errorOf, isSubmitting, message, submit } = useContractForm(acceptQuoteBody, {}, { reValidateMode: 'onSubmit', shouldFocusError: false });
  const error = errorOf('confirm') ?? message?.text;
  useEffect(() => {
    const dialog = ref.current;
    // The dialog has left the page by the time this effect's cleanup runs, too late for the browser's own return of
    // focus: the cleanup gives it back to whatever opened the dialog ('Accept quote'), when that is still there.
    const opener = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first control, the confirmation below the Statement of Fact, and scrolls a phone-high
    // dialog down to it with the price out of sight. The heading takes focus instead, with the dialog at its top: the
    // price is in the first screen, a screen reader starts from the dialog's name, and the confirmation is the next
    // Tab (docs/product.md#accepting-a-quote).
    headingRef.current?.focus({ preventScroll: true });
    if (dialog) dialog.scrollTop = 0;
    return () => {
      dialog?.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  const facts = q.statementOfFact ?? [];
  const onSubmit = submit(async () => {
    await trpcClient.quotes.accept.mutate({ reference: q.reference, confirm: true });
    void trpc.quotes.mine.invalidate();
    setAccepted(true);
  });
  return (
    // Escape closes (the dialog's cancel event); focus stays inside while it is open and returns to the button after.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-full max-w-lg rounded-lg bg-white p-6 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 ref={headingRef} id={titleId} tabIndex={-1} className="text-xl font-bold text-brand-700">
        Accept quote {q.reference}
      </h2>
      {accepted ? (
        <div className="mt-4">
          <Alert tone="success">
            <p className="font-semibold">Thank you: you have accepted this quote.</p>
            <p className="mt-1">{NEXT_STEPS}</p>
          </Alert>
          <div className="mt-4 flex justify-end">
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      ) : (
        <form noValidate className="mt-4" onSubmit={onSubmit}>
          <p className="text-lg font-bold text-ink">
            Price: {formatPounds(q.offer!.premium)} <span className="text-base font-normal">(insurance premium tax included)</span>
          </p>
          <p className="mt-1 text-ink-muted">Valid until {ukInstantText(Date.parse(q.offer!.validUntil))}.</p>
          <StatementOfFact facts={facts} />
          <CheckboxField
            className="mt-4"
            label={CONFIRM_FACTS_LABEL}
            aria-invalid={errorOf('confirm') ? true : undefined}
            {...register('confirm')}
          />
          {error ? (
            <p role="alert" className="mt-3 font-semibold text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Accepting...' : 'Accept'}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}

export function QuoteRequests({ now }: { now: number }) {
  const query = useQuery(myQuotesQuery());
  const requests = query.data ?? [];
  return (
    <section aria-labelledby="quote-requests" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quote-requests" className="text-2xl font-bold text-brand-700">
          Your quote requests
        </h2>
        <Link to="/request-quote-step1" className={buttonClass('primary')}>
          Get a quote
        </Link>
      </div>
      {query.isError ? (
        <p className="mt-4 text-ink-muted">Your quote requests cannot be shown just now.</p>
      ) : query.isPending ? (
        <p className="mt-4 text-ink-muted">Loading quote requests...</p>
      ) : requests.length === 0 ? (
        <p className="mt-4 text-ink-muted">You have no quote requests. Ask for a quote and a specialist will contact you within 24 hours.</p>
      ) : (
        <ul className="mt-4 divide-y divide-brand-100 rounded-lg border border-brand-100 bg-white">
          {requests.map((q) => (
            <QuoteRequestItem key={q.reference} q={q} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
