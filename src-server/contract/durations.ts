// How long cover runs (docs/product.md#quote-wizard): hours are real hours; days, weeks and months are calendar steps
// on the UK wall clock, a month to the same day next month or its last day (31 Jan + 1 month = 28/29 Feb).
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths } from 'date-fns';
import { UK_TIME_ZONE } from './time';

export const durationUnits = ['hours', 'days', 'weeks', 'months'] as const;
export type DurationUnit = (typeof durationUnits)[number];

export interface Duration {
  value: number;
  unit: DurationUnit;
}

const HOUR = 3_600_000;

export function addDuration(startAt: number, d: Duration): number {
  if (d.unit === 'hours') return startAt + d.value * HOUR;
  const start = new TZDate(startAt, UK_TIME_ZONE);
  const end = d.unit === 'months' ? addMonths(start, d.value) : addDays(start, d.unit === 'weeks' ? d.value * 7 : d.value);
  return end.getTime();
}

const UNIT_WORDS: Record<DurationUnit, [string, string]> = { hours: ['hour', 'hours'], days: ['day', 'days'], weeks: ['week', 'weeks'], months: ['month', 'months'] };

/** '1 hour', '3 days', '5 months'. */
export function durationText(d: Duration): string {
  const [one, many] = UNIT_WORDS[d.unit];
  return `${d.value} ${d.value === 1 ? one : many}`;
}
