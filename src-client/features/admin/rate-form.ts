// The new rate version form's values and their check (docs/product.md#rates): the rates are JSON typed or uploaded,
// read here (a whole version as downloaded, or just its rates) and checked whole by the server, which names each wrong
// field by its path; the device catches text that is not JSON at all.
import { z } from 'zod';
import { rateVersionBody, type RateVersionView } from '@server/contract/rates';
import { epochToUkLocal, isCalendarDate, normaliseTime, ukLocalToEpoch } from '@server/contract/time';

export interface RateFormValues {
  name: string;
  when: 'now' | 'later';
  /** UK local date and time it takes effect, when `later`. */
  date: string;
  time: string;
  ratesText: string;
}

export const rateFormMessages = {
  date: 'Enter the date it takes effect',
  time: 'Enter the time it takes effect (UK time), such as 09:00 or 9:00 AM',
  notObject: 'The rates must be a JSON object: a version as downloaded, or just its "rates"',
  json: (detail: string) => `The rates are not valid JSON: ${detail}`,
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rates in a JSON text: a whole version as GET gives it (its `rates`), or the rates object alone. */
export function readRatesJson(text: string): { rates: Record<string, unknown>; name?: string } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { error: rateFormMessages.json(err instanceof Error ? err.message : String(err)) };
  }
  if (!isObject(parsed)) return { error: rateFormMessages.notObject };
  if (isObject(parsed['rates'])) return { rates: parsed['rates'], ...(typeof parsed['name'] === 'string' ? { name: parsed['name'] } : {}) };
  return { rates: parsed };
}

/** The form opened from a version: its rates pretty-printed, to take effect now; a later start defaults to today, UK time. */
export function rateFormDefaults(from: RateVersionView, now: number): RateFormValues {
  return { name: '', when: 'now', date: epochToUkLocal(now).date, time: '', ratesText: JSON.stringify(from.rates, null, 2) };
}

/** The form's values as POST /api/admin/rates takes them: the start as an instant, the rates parsed. */
export const rateForm = z
  .object({ name: z.string(), when: z.enum(['now', 'later']), date: z.string(), time: z.string(), ratesText: z.string() })
  .transform((f, ctx) => {
    const read = readRatesJson(f.ratesText);
    if ('error' in read) ctx.addIssue({ code: 'custom', path: ['ratesText'], message: read.error });
    let effectiveFrom: string | undefined;
    if (f.when === 'later') {
      const time = normaliseTime(f.time);
      if (!isCalendarDate(f.date)) ctx.addIssue({ code: 'custom', path: ['date'], message: rateFormMessages.date });
      if (time === null) ctx.addIssue({ code: 'custom', path: ['time'], message: rateFormMessages.time });
      if (isCalendarDate(f.date) && time !== null) effectiveFrom = new Date(ukLocalToEpoch(f.date, time)).toISOString();
    }
    if ('error' in read) return z.NEVER;
    return { name: f.name, ...(effectiveFrom ? { effectiveFrom } : {}), rates: read.rates };
  })
  .pipe(rateVersionBody);
export type RateFormOutput = z.output<typeof rateForm>;

/** A server message's place, as the summary names it: a field of the form by its label, a field of the rates by its path. */
export function placeOf(path: string): string {
  if (path === 'name') return 'Name';
  if (path === 'effectiveFrom') return 'Effective from';
  return path;
}
