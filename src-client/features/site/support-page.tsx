// /support (docs/product.md#support, docs/product.md#callback-requests).
import { useEffect, useId, useRef, useState } from 'react';
import { brand, brandTelHref } from '@server/contract/brand';
import {
  callbackInput,
  callbackInsuranceTypeOptions,
  callbackMessages,
  contactReasonOptions,
} from '@server/contract/callback';
import { noHolidays, officeHoursFullText, openSlots, ukDayText } from '@server/contract/opening-hours';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { ContactPanels } from '../../components/contact-panels';
import { PageHeading } from '../../components/page';
import { useHydrated } from '../../lib/hydration';
import { useContractForm } from '../../lib/contract-form';
import { trpcClient, type RouterOutputs } from '../../lib/trpc';

// docs/product.md#support: each card has its e-mail address and a phone number: the claims card the 24/7 claims
// line (a claim cannot wait for opening hours), the others the support number.
const CONTACTS = [
  {
    id: 'claims',
    title: 'Claims',
    text: 'Report an accident, damage or theft, or ask about a claim you have already made. The claims line is open 24 hours a day, 7 days a week.',
    email: brand.emails.claims,
    phone: brand.phones.claims,
  },
  { id: 'policies', title: 'Policy questions', text: 'Check or change your cover, and get help with certificates and documents.', email: brand.emails.policies, phone: brand.phones.support },
  { id: 'payments', title: 'Payment support', text: 'Questions about payments, refunds and receipts.', email: brand.emails.payments, phone: brand.phones.support },
  { id: 'quotes', title: 'Quote assistance', text: 'Help with a quote request or with choosing the right cover.', email: brand.emails.quotes, phone: brand.phones.support },
] as const;

type CallbackAnswer = RouterOutputs['callbacks']['request'];

export function SupportPage() {
  return (
    <>
      <PageHeading title="Contact us" lead="Our UK team is here to help with claims, policies, payments and quotes." />
      <section aria-labelledby="contact-cards">
        <h2 id="contact-cards" className="text-2xl font-bold text-brand-700">
          How can we help?
        </h2>
        <ContactPanels panels={CONTACTS} />
      </section>
      <section aria-labelledby="opening-hours" className="mt-8 rounded-lg bg-brand-50 p-5">
        <h2 id="opening-hours" className="text-xl font-bold text-brand-700">
          Opening hours
        </h2>
        <p className="mt-2">{brand.openingHours}.</p>
      </section>
      <CallbackSection />
    </>
  );
}

function CallbackSection() {
  const [answer, setAnswer] = useState<CallbackAnswer | null>(null);
  return (
    <section aria-labelledby="request-callback" className="mt-10 max-w-2xl">
      <h2 id="request-callback" className="text-2xl font-bold text-brand-700">
        Request Callback
      </h2>
      {answer ? <ThankYou answer={answer} /> : <CallbackForm onDone={setAnswer} />}
    </section>
  );
}

function ThankYou({ answer }: { answer: CallbackAnswer }) {
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The form the keyboard was in is gone: the confirmation takes focus, so it is read out.
    messageRef.current?.focus();
  }, []);
  return (
    <div className="mt-4 rounded-lg border-l-4 border-green-700 bg-green-50 p-5 text-green-900">
      <p ref={messageRef} tabIndex={-1} className="text-lg font-semibold">
        {callbackMessages.received}
      </p>
      <p className="mt-2">
        Your reference is <strong className="font-mono">{answer.reference}</strong>. We have sent a confirmation to your e-mail address.
      </p>
      <p className="mt-2">
        Need us sooner? Call{' '}
        <a href={brandTelHref(brand.phones.support)} className="font-semibold underline underline-offset-2">
          {brand.phones.support}
        </a>
        .
      </p>
    </div>
  );
}

/** How far ahead the form offers callback times: a week. */
const CALLBACK_DAYS_OFFERED = 7;

const SERVER_FIELDS = ['name', 'email', 'phone', 'reasonForContact', 'callbackDate', 'insuranceType'] as const;

function CallbackForm({ onDone }: { onDone: (answer: CallbackAnswer) => void }) {
  const noteId = useId();
  const honeypotId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const defaultValues = { name: '', email: '', phone: '', callbackDate: '', insuranceType: '' as const, website: '' };
  const { field, register, isSubmitting, early, message, submit } = useContractForm(callbackInput, defaultValues, { serverFields: SERVER_FIELDS });

  useEffect(() => {
    if (message) errorRef.current?.focus();
  }, [message]);

  // The times offered: the office's open half hours of the coming week from now, worked out once live (the prerendered
  // form was built at another time). Bank holidays are the server's to know: it refuses one naming the hours.
  const hydrated = useHydrated();
  const [slotGroups] = useState(() =>
    openSlots(Date.now(), CALLBACK_DAYS_OFFERED, noHolidays).map(({ date, times }) => ({
      label: ukDayText(date),
      options: times.map((time) => ({ value: `${date}T${time}`, label: `${ukDayText(date)}, ${time}` })),
    })),
  );

  const onSubmit = submit(
    async (values) => onDone(await trpcClient.callbacks.request.mutate(values)),
    (failure, placed) =>
      failure.status === 400 && placed > 0 ? null : failure.kind === 'server' ? failure.message : 'We could not reach our server. Check your connection and try again.',
  );

  return (
    <form {...early.form} onSubmit={onSubmit} noValidate aria-describedby={noteId} className="relative mt-4 space-y-5">
      <p id={noteId} className="text-ink-muted">
        Leave your details and we will call you back within 24 hours. All fields are required unless marked optional.
      </p>
      {message ? (
        <div ref={errorRef} tabIndex={-1}>
          <Alert tone="error" title="Your callback request was not sent">
            {message.text} You can also call us on {brand.phones.support}.
          </Alert>
        </div>
      ) : null}
      <TextField label="Name" autoComplete="name" maxLength={100} {...field('name')} {...early.field('name')} />
      <TextField label="Email" type="email" autoComplete="email" spellCheck={false} {...field('email')} {...early.field('email')} />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="A UK number, such as 07700 900123 or +44 20 7946 0000."
        {...field('phone')} {...early.field('phone')}
      />
      <SelectField
        label="Reason for contact"
        placeholder="Select a reason"
        options={contactReasonOptions}
        {...field('reasonForContact')} {...early.field('reasonForContact')}
      />
      <SelectField
        label="Preferred callback time"
        required={false}
        placeholder="Any time: we will call you within 24 hours"
        options={[]}
        groups={hydrated ? slotGroups : []}
        hint={`UK time, when we are open: ${officeHoursFullText}.`}
        {...field('callbackDate')}
      />
      <SelectField
        label="Insurance type"
        required={false}
        placeholder="Select insurance type"
        options={callbackInsuranceTypeOptions}
        {...field('insuranceType')}
      />
      {/* Honeypot for bots: off-screen (not display:none, which some bots skip), out of the tab order and
          hidden from assistive tech. A person never fills it; the server quietly drops requests that do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Website (leave this empty)</label>
        <input id={honeypotId} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Request Callback'}
      </Button>
    </form>
  );
}
