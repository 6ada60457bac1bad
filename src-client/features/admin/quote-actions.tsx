// A quote request's way to cover, in its dialog: 'Send quote' and 'Issue policy' (docs/product.md#from-quote-to-cover).
// Each change refreshes exactly what it changed (mutations.ts).
import { useId, useState } from 'react';
import { formatPounds } from '@server/contract/pounds';
import { OFFER_DEFAULT_VALID_HOURS, OFFER_MAX_VALID_HOURS, offerInput, policyFromRequest, timeLeftText, type OfferInput } from '@server/contract/offer';
import { acceptanceMessages } from '@server/contract/payments';
import { toTwelveHour } from '@server/contract/time';
import type { PolicyInput } from '@server/contract/schemas';
import type { IssuedPolicyView, OfferView, QuoteRequestDetailView } from '@server/contract/views';
import { Alert } from '../../components/alert';
import { failureOf } from '../../lib/call-errors';
import { Button } from '../../components/button';
import { CheckboxField, TextField } from '../../components/field';
import { FormButtons, FormDialog, useDialogForm, type DialogFormProps } from '../../components/dialog';
import { formatInstant, formatTimestamp } from './format';
import { useIssuePolicy, useRecordAcceptance, useSendOffer } from './mutations';
import { PolicyForm, type PolicyFormValues } from './policy-form';

/** A quote request's detail view; over JSON `details` (any value) may be missing, so the client has it optional. */
export type QuoteRequestDetail = Omit<QuoteRequestDetailView, 'details'> & { details?: unknown };

/** 'Quote sent: £64.50, valid until Thu 2 Jul 2026, 13:00 BST (5 h 20 min left)' (or that it has lapsed). */
function offerText(offer: OfferView, now: number): string {
  const until = Date.parse(offer.validUntil);
  const left = timeLeftText(until, now);
  return `Quote sent: ${formatPounds(offer.premium)}, ${left ? `valid until ${formatInstant(until)} (${left} left)` : `lapsed at ${formatInstant(until)}`}`;
}

/** Whether and how the price was accepted (docs/product.md#accepting-a-quote). */
function acceptanceText(offer: OfferView): string {
  const a = offer.acceptance;
  if (!a) return 'Not accepted yet.';
  const when = formatTimestamp(a.at);
  return a.via === 'online' ? `Accepted online by ${a.by}, ${when}.` : `Accepted by phone, recorded by ${a.by}, ${when}.`;
}

/** Why 'Issue policy' is not open on a request still being worked: a quote not accepted (docs/product.md#issuing-a-policy). */
const notAcceptedReason = (request: QuoteRequestDetail) => (request.offer?.acceptance ? null : acceptanceMessages.notAccepted);

/** Why neither action is open, or null while the request is still being worked. */
function finishedReason(request: QuoteRequestDetail): string | null {
  if (request.policyNumber) return `Policy ${request.policyNumber} was issued from this request.`;
  if (request.policyId !== null) return 'A policy was issued from this request.';
  if (request.status === 'closed') return 'This request is closed.';
  return null;
}

export function issuedText(issued: IssuedPolicyView): string {
  const who = `${issued.user.username} (${issued.user.email})`;
  if (issued.awaitingConfirmation) {
    return `Policy ${issued.policy.policyNumber} issued for ${issued.user.email}. The account ${issued.user.username} has not confirmed that address, so the policy joins it only once the invitation e-mailed to the address is opened (it sets a new password). The policy documents were e-mailed.`;
  }
  return issued.invited
    ? `Policy ${issued.policy.policyNumber} issued to a new account, ${who}. An invitation to set a password was e-mailed, with the policy documents.`
    : `Policy ${issued.policy.policyNumber} issued to the existing account ${who}. No invitation was needed; the policy documents were e-mailed.`;
}

export function QuoteActions({ request }: { request: QuoteRequestDetailView | QuoteRequestDetail }) {
  const [open, setOpen] = useState<'offer' | 'issue' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reasonId = useId();
  const issueReasonId = useId();
  const reason = finishedReason(request);
  const issueReason = reason ? null : notAcceptedReason(request);
  const close = () => setOpen(null);
  const recordAcceptance = useRecordAcceptance();
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const now = Date.now();
  const stands = request.offer !== null && request.status === 'quoted' && Date.parse(request.offer.validUntil) >= now;
  const canRecord = reason === null && stands && !request.offer?.acceptance;
  return (
    <section aria-label="Quote and policy" className="mt-4 rounded-md border border-slate-300 p-4">
      <h3 className="text-lg font-bold text-ink">Quote and policy</h3>
      {request.offer ? (
        <>
          <p className="mt-1">{offerText(request.offer, now)}</p>
          <p className="mt-1 font-semibold">{acceptanceText(request.offer)}</p>
        </>
      ) : (
        <p className="mt-1 text-ink-muted">No quote sent yet.</p>
      )}
      {done ? (
        <div className="mt-3">
          <Alert tone="success">
            <p>{done}</p>
          </Alert>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" disabled={reason !== null} aria-describedby={reason ? reasonId : undefined} onClick={() => setOpen('offer')}>
          Send quote
        </Button>
        {canRecord ? (
          <Button
            variant="secondary"
            disabled={recordAcceptance.isPending}
            onClick={() => {
              setAcceptError(null);
              if (!agreed) {
                setAcceptError(acceptanceMessages.confirmByPhone);
                return;
              }
              void recordAcceptance
                .mutateAsync({ id: request.id, confirm: true })
                .then(() => setDone('Acceptance recorded. Nothing else is needed until the payment: issue the policy, then record the payment in its dialog.'))
                .catch((err: unknown) => setAcceptError(`Could not record the acceptance: ${failureOf(err).message}`));
            }}
          >
            Record acceptance (by phone)
          </Button>
        ) : null}
        <Button
          disabled={reason !== null || issueReason !== null}
          aria-describedby={reason ? reasonId : issueReason ? issueReasonId : undefined}
          onClick={() => setOpen('issue')}
        >
          Issue policy
        </Button>
      </div>
      {canRecord ? (
        <CheckboxField
          className="mt-3"
          name="confirm"
          label="On the phone, the customer agreed that the answers in this request (the Statement of Fact) are true and complete"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
        />
      ) : null}
      {acceptError ? (
        <p role="alert" className="mt-2 font-semibold">
          {acceptError}
        </p>
      ) : null}
      {issueReason ? (
        <p id={issueReasonId} className="mt-2 text-sm text-ink-muted">
          {issueReason}
        </p>
      ) : null}
      {reason ? (
        <p id={reasonId} className="mt-2 text-sm text-ink-muted">
          {reason}
        </p>
      ) : null}
      {open === 'offer' ? (
        <OfferDialog
          request={request}
          onClose={close}
          onSent={(view) => {
            close();
            setDone(`Quote of ${formatPounds(view.offer?.premium ?? 0)} sent to ${view.email}.`);
          }}
        />
      ) : null}
      {open === 'issue' ? (
        <IssueDialog
          request={request}
          onClose={close}
          onIssued={(issued) => {
            close();
            setDone(issuedText(issued));
          }}
        />
      ) : null}
    </section>
  );
}

function OfferDialog({ request, onClose, onSent }: { request: QuoteRequestDetail; onClose: () => void; onSent: (view: QuoteRequestDetail) => void }) {
  const send = useSendOffer();
  const save = async (values: OfferInput) => onSent(await send.mutateAsync({ id: request.id, premium: values.premium, validHours: values.validHours }));
  return (
    <FormDialog title={`Send quote ${request.reference}`} action="Send Quote" onSave={save} onClose={onClose}>
      {(form) => (
        <>
          <p className="mt-2">
            The price goes by e-mail to {request.firstName} {request.lastName} at {request.email}, with what it covers, until when it is valid and how
            to accept it.
          </p>
          {request.offer ? <p className="mt-2 font-semibold">{offerText(request.offer, Date.now())}. Sending again replaces it.</p> : null}
          <OfferForm {...form} />
        </>
      )}
    </FormDialog>
  );
}

function OfferForm(handlers: DialogFormProps<OfferInput>) {
  const defaults = { premium: '', validHours: String(OFFER_DEFAULT_VALID_HOURS) };
  const { field, submit, isSubmitting } = useDialogForm<typeof defaults, OfferInput>(offerInput, defaults, handlers);
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <TextField
        label="Price"
        inputMode="decimal"
        autoComplete="off"
        hint="In pounds, insurance premium tax included, e.g. 64.50"
        {...field('premium')}
      />
      <TextField
        label="Valid for (hours)"
        inputMode="numeric"
        autoComplete="off"
        hint={`A whole number of hours, 1 to ${OFFER_MAX_VALID_HOURS}`}
        {...field('validHours')}
      />
      <FormButtons onCancel={handlers.onCancel} busy={isSubmitting} label={isSubmitting ? 'Sending...' : 'Send quote'} />
    </form>
  );
}

/** The policy form's opening values: what the request gives (contract/offer.ts), in the form's own style. */
export function issueFormValues(request: QuoteRequestDetail): Partial<PolicyFormValues> {
  const p = policyFromRequest({
    firstName: request.firstName,
    lastName: request.lastName,
    details: request.details,
    product: request.product,
    requestedStartAt: request.requestedStart === null ? null : Date.parse(request.requestedStart),
    duration: request.duration,
    offerPremium: request.offer?.premium ?? null,
  });
  return {
    holderName: p.holderName,
    driverName: p.driverName,
    carModel: p.carModel,
    registration: p.registration ?? '',
    ...(p.licenseNumber ? { licenseNumber: p.licenseNumber } : {}),
    // Pending until payments cover the premium (docs/product.md#payments).
    status: 'pending',
    ...(p.product ? { product: p.product } : {}),
    ...(p.premium !== undefined ? { premium: p.premium.toFixed(2) } : {}),
    ...(p.startDate ? { startDate: p.startDate } : {}),
    ...(p.startTime ? { startTime: toTwelveHour(p.startTime) } : {}),
    ...(p.endDate ? { endDate: p.endDate } : {}),
    ...(p.endTime ? { endTime: toTwelveHour(p.endTime) } : {}),
  };
}

function IssueDialog({ request, onClose, onIssued }: { request: QuoteRequestDetail; onClose: () => void; onIssued: (issued: IssuedPolicyView) => void }) {
  const issue = useIssuePolicy();
  const save = async ({ userId: _account, status: _pending, ...fields }: PolicyInput) => onIssued(await issue.mutateAsync({ id: request.id, ...fields, status: 'pending' }));
  return (
    <FormDialog title={`Issue policy from ${request.reference}`} action="Issue Policy" onSave={save} onClose={onClose}>
      {(form) => (
        <>
          <p className="mt-2">
            Filled in from the request: check every field, and add the licence number if the request has none. The policy goes to the account with the e-mail {request.email}; if there
            is none, one is made and invited to set a password. An account that has not confirmed the address gets the policy only once the invitation sent
            to it is opened. The customer is e-mailed the policy documents. The policy is pending until payments cover its premium: record the
            payment in the policy&apos;s dialog, and it becomes active and the certificate is e-mailed.
          </p>
          <div className="mt-4">
            <PolicyForm policy={null} initial={issueFormValues(request)} showUser={false} showStatus={false} submitLabel="Issue policy" {...form} />
          </div>
        </>
      )}
    </FormDialog>
  );
}
