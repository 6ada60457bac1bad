// An opened request's or claim's facts as a compact two-column list, each fact once (docs/product.md#staff-queues); an
// older request (before the wizard asked for the product, start or length) shows those answers instead.
import type { ReactNode } from 'react';
import { callbackInsuranceTypeOptions, contactReasonLabels, type ContactReason } from '@server/contract/callback';
import { claimKindLabels } from '@server/contract/claim';
import { durationText } from '@server/contract/durations';
import { formatPounds } from '@server/contract/pounds';
import { productLabels } from '@server/contract/products';
import { ageOn } from '@server/contract/quote';
import { answerLabel, answerText, storedAnswers } from '@server/contract/statement-of-fact';
import { epochToUkLocal } from '@server/contract/time';
import type { CallbackRequestDetailView, ClaimDetailView } from '@server/contract/views';
import { textLinkClass } from '../../components/button';
import { RequestStatusBadge } from './badges';
import { EmailLink, PhoneLink } from './contact-links';
import { decisionText } from './decision-tabs';
import { dueState } from './due';
import { DueText, useDueNow } from './due-text';
import { formatInstant, formatTimestamp, formatUkDate, formatUkDateTime } from './format';
import type { ConsoleQueue, QueueStatus } from './queue-kinds';
import type { QuoteRequestDetail } from './quote-actions';

type Fact = [label: string, value: ReactNode];

/** A fact to spread into a list: none when it has no value (a request from before the wizard asked for it). */
const factIf = (label: string, value: ReactNode): Fact[] => (value === null || value === undefined || value === '' ? [] : [[label, value]]);

function Facts({ entries, label }: { entries: Fact[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1">
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{k}</dt>
          <dd className="min-w-0 break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Status with its due text, and Received. */
function standingFacts(kind: ConsoleQueue, r: { status: QueueStatus; dueAt: string; createdAt: string }, now: number): Fact[] {
  const status = (
    <span className="inline-flex flex-wrap items-center gap-2">
      <RequestStatusBadge status={r.status} kind={kind} />
      <DueText due={dueState(r, now, kind)} />
    </span>
  );
  return [
    ['Status', status],
    ['Received', `${formatTimestamp(r.createdAt)} (UK time)`],
  ];
}

/** Answers shown among the request's own facts, so never a second time among the others. */
const SHOWN_ABOVE = ['firstName', 'lastName', 'email', 'phone', 'postcode', 'address', 'dateOfBirth'];
/** Shown as one date and time, and one length, when the request has them as columns. */
const START_ANSWERS = ['policyStartDay', 'policyStartMonth', 'policyStartYear', 'policyStartTime'];
const DURATION_ANSWERS = ['durationValue', 'durationUnit'];

/** '12 Mar 1990 (age 36)': the age on today's UK date. */
function birthText(dateOfBirth: unknown, now: number): string | null {
  if (typeof dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  return `${formatUkDate(dateOfBirth)} (age ${ageOn(dateOfBirth, epochToUkLocal(now).date)})`;
}

export function QuoteRequestFacts({ request: r }: { request: QuoteRequestDetail }) {
  const now = useDueNow();
  const answers = storedAnswers(r.details);
  const answer = (key: string) => answers.find(([k]) => k === key)?.[1];
  const hidden = new Set([...SHOWN_ABOVE, ...(r.product ? ['product'] : []), ...(r.requestedStart ? START_ANSWERS : []), ...(r.duration ? DURATION_ANSWERS : [])]);
  const others = answers.filter(([k]) => !hidden.has(k));
  const address = answer('address');
  const facts: Fact[] = [
    ...standingFacts('quotes', r, now),
    ['Name', `${r.firstName} ${r.lastName}`],
    ...factIf('Date of birth', birthText(answer('dateOfBirth'), now)),
    ['Phone', <PhoneLink key="p" phone={r.phone} />],
    ['Email', <EmailLink key="e" email={r.email} />],
    ...factIf('Address', typeof address === 'string' ? address : null),
    ['Postcode', r.postcode],
    ...factIf('Product', r.product && productLabels[r.product]),
    ...factIf('Cover starts', r.requestedStart && formatInstant(Date.parse(r.requestedStart))),
    ...factIf('Cover length', r.duration && durationText(r.duration)),
    ['Decision', decisionText(r)],
    ...factIf('Offer sent', r.offer && `${formatPounds(r.offer.premium)}, valid until ${formatInstant(Date.parse(r.offer.validUntil))}`),
    ...factIf('Policy issued', r.policyNumber),
  ];
  return (
    <>
      <Facts entries={facts} label="The request" />
      {others.length > 0 ? (
        <details className="mt-3 rounded-md border border-slate-300 p-2" open>
          <summary className="cursor-pointer font-bold text-ink">Vehicle and other answers</summary>
          <div className="mt-2">
            <Facts entries={others.map(([k, v]) => [answerLabel(k), answerText(v)])} label="Vehicle and other answers" />
          </div>
        </details>
      ) : null}
    </>
  );
}

/** A preferred time as the customer gave it ('2026-07-02T14:30', UK time) in the console's style. */
function preferredTimeText(value: string | null): string | null {
  const m = value ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value) : null;
  return m ? `${formatUkDateTime(m[1]!, m[2]!)} (UK time)` : value;
}

export function CallbackRequestFacts({ request: r }: { request: CallbackRequestDetailView }) {
  const now = useDueNow();
  const facts: Fact[] = [
    ...standingFacts('callbacks', r, now),
    ['Name', r.name],
    ['Phone', <PhoneLink key="p" phone={r.phone} />],
    ['Email', <EmailLink key="e" email={r.email} />],
    ['Reason for contact', contactReasonLabels[r.reasonForContact as ContactReason] ?? r.reasonForContact],
    ...factIf('Insurance type', callbackInsuranceTypeOptions.find((o) => o.value === r.insuranceType)?.label ?? r.insuranceType),
    ['Preferred time', preferredTimeText(r.callbackDate) ?? 'Any time'],
  ];
  return <Facts entries={facts} label="The request" />;
}

/** Where the phone was, on OpenStreetMap: a plain link, so no map is loaded into the console. */
export const mapLinkOf = ({ latitude, longitude }: { latitude: number; longitude: number }): string =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;

function Place({ claim: r }: { claim: ClaimDetailView }) {
  const c = r.coordinates;
  return (
    <>
      {r.location ? <span className="block">{r.location}</span> : null}
      {c ? (
        <span className="block">
          <a className={textLinkClass} href={mapLinkOf(c)} target="_blank" rel="noopener noreferrer">
            Show on a map
            <span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          <span className="text-sm text-ink-muted">
            ({c.latitude.toFixed(5)}, {c.longitude.toFixed(5)}
            {c.accuracy !== null ? `, within ${Math.round(c.accuracy)} m` : ''}, from the phone)
          </span>
        </span>
      ) : null}
    </>
  );
}

/** Other vehicles or witnesses: each one's details on a line, in the order the driver gave them. */
function Parties({ entries, label }: { entries: [string, string | null][][]; label: string }) {
  if (entries.length === 0) return <span className="text-ink-muted">None given</span>;
  return (
    <ol aria-label={label} className="space-y-1">
      {entries.map((details, i) => (
        <li key={i}>
          {details
            .filter(([, v]) => v)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; ')}
        </li>
      ))}
    </ol>
  );
}

/** Every answer of a claim report (docs/product.md#reporting-a-claim). */
export function ClaimFacts({ claim: r }: { claim: ClaimDetailView }) {
  const now = useDueNow();
  const facts: Fact[] = [
    ...standingFacts('claims', r, now),
    ['Name', r.name],
    ['Phone', <PhoneLink key="p" phone={r.phone} />],
    ['Email', <EmailLink key="e" email={r.email} />],
    ['Policy', r.policyNumber],
    ['What happened', claimKindLabels[r.kind]],
    ['When', `${formatTimestamp(r.occurredAt)} (UK time)`],
    ['Where', <Place key="w" claim={r} />],
    ['Description', <span key="d" className="whitespace-pre-wrap">{r.description}</span>],
    [
      'Anyone hurt',
      r.injuries ? (
        <span key="i">
          <strong>Yes</strong>
          {r.injuryDetails ? <span className="block whitespace-pre-wrap">{r.injuryDetails}</span> : null}
        </span>
      ) : (
        'No'
      ),
    ],
    ['Police reference', r.policeReference ?? <span className="text-ink-muted">None given</span>],
    [
      'Other vehicles',
      <Parties
        key="v"
        label="Other vehicles"
        entries={r.otherVehicles.map((v) => [
          ['Registration', v.registration],
          ["Driver's name", v.driverName],
          ['Contact', v.contact],
          ['Insurer', v.insurer],
        ])}
      />,
    ],
    [
      'Witnesses',
      <Parties
        key="w"
        label="Witnesses"
        entries={r.witnesses.map((w) => [
          ['Name', w.name],
          ['Contact', w.contact],
        ])}
      />,
    ],
  ];
  return <Facts entries={facts} label="The claim" />;
}
