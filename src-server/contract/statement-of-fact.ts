// What a customer told us in their quote request, as they read it back (docs/product.md#policy-documents): the
// Statement of Fact's answers, and the console's view of a request, both name each answer as the wizard asked it.
import { durationText } from './durations';
import { formatPounds } from './pounds';
import { productLabels, type Product } from './products';
import { quoteFieldLabels, requestedDurationOf, requestedStartOf } from './quote';
import { MONTH_NAMES, ukInstantText } from './time';

type QuoteField = keyof typeof quoteFieldLabels;
const isQuoteField = (key: string): key is QuoteField => Object.hasOwn(quoteFieldLabels, key);

/** The wizard's own label for a stored answer (contract/quote.ts); other keys are spelled out. */
export function answerLabel(key: string): string {
  if (isQuoteField(key)) return quoteFieldLabels[key];
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

/** A stored answer as text: '–' for none, Yes / No, lists joined. */
export function answerText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

/** The stored answers, flattened: older requests nested their steps as objects. */
export function storedAnswers(details: unknown): [string, unknown][] {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return details === undefined || details === null ? [] : [['details', details]];
  return Object.entries(details as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v as Record<string, unknown>) : [[k, v] as [string, unknown]],
  );
}

/** Never an answer: the wizard's hidden honeypot field. */
const NOT_ANSWERS = new Set(['website']);
const START_PARTS = new Set(['policyStartDay', 'policyStartMonth', 'policyStartYear', 'policyStartTime']);
const DURATION_PARTS = new Set(['durationValue', 'durationUnit']);
const POUNDS = new Set(['value', 'bestQuotedPremium']);
const FIELD_ORDER = Object.keys(quoteFieldLabels);

export interface Answer {
  label: string;
  text: string;
}

function longDate(value: unknown): string | null {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const month = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : null;
}

function poundsText(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/[£,]/g, '')) : Number.NaN;
  return Number.isFinite(n) ? formatPounds(n) : answerText(value);
}

/**
 * The answers of a request in the wizard's order, each with the wizard's label: the product by its name, dates in
 * words, the start as one instant (UK time) and the length as one, amounts in pounds. Unknown keys follow, spelled out.
 */
export function statementAnswers(details: unknown): Answer[] {
  const all = storedAnswers(details).filter(([key]) => !NOT_ANSWERS.has(key));
  const flat = Object.fromEntries(all) as Record<string, unknown>;
  const startAt = requestedStartOf(flat);
  const duration = requestedDurationOf(flat);
  const rank = (key: string) => {
    const i = FIELD_ORDER.indexOf(key);
    return i < 0 ? FIELD_ORDER.length : i;
  };
  const out: Answer[] = [];
  for (const [key, value] of [...all].sort((a, b) => rank(a[0]) - rank(b[0]))) {
    if (START_PARTS.has(key) && startAt !== undefined) {
      if (key === 'policyStartDay') out.push({ label: 'Cover to start', text: ukInstantText(startAt) });
      continue;
    }
    if (DURATION_PARTS.has(key) && duration !== undefined) {
      if (key === 'durationValue') out.push({ label: quoteFieldLabels.durationValue, text: durationText(duration) });
      continue;
    }
    let text: string;
    if (key === 'product' && typeof value === 'string' && Object.hasOwn(productLabels, value)) text = productLabels[value as Product];
    else if (key === 'dateOfBirth') text = longDate(value) ?? answerText(value);
    else if (key === 'policyStartMonth') text = MONTH_NAMES[Number(value) - 1] ?? answerText(value);
    else if (POUNDS.has(key)) text = poundsText(value);
    else text = answerText(value);
    out.push({ label: answerLabel(key), text });
  }
  return out;
}
