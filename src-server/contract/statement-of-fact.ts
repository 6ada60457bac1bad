// A quote request's stored answers as people read them (docs/product.md#accepting-a-quote): the console's request
// dialog and the customer's Statement of Fact label them alike, with the wizard's own labels (contract/quote.ts).
import { quoteFieldLabels } from './quote';

/** The wizard's own label for a stored quote field; other keys are spelled out ('noClaimsBonus' -> 'No claims bonus'). */
export function answerLabel(key: string): string {
  if (Object.hasOwn(quoteFieldLabels, key)) return quoteFieldLabels[key as keyof typeof quoteFieldLabels];
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

/** An answer as text: '–' for none, Yes/No, lists joined. */
export function answerText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

/** The stored answers, flattened: older requests nested their steps as objects. */
export function answersOf(details: unknown): [string, unknown][] {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return details === undefined ? [] : [['details', details]];
  return Object.entries(details as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v as Record<string, unknown>) : [[k, v] as [string, unknown]],
  );
}

/** Answers that are the form's machinery, not facts the customer told us. */
const NOT_FACTS = new Set(['website']);

/** The Statement of Fact: every answer the customer gave, labelled, in the order they gave them. */
export function statementOfFact(details: unknown): { label: string; value: string }[] {
  if (details === null) return [];
  return answersOf(details)
    .filter(([k]) => !NOT_FACTS.has(k))
    .map(([k, v]) => ({ label: answerLabel(k), value: answerText(v) }));
}
