// Where a request stands against its due time (docs/product.md#staff-queues): short for the table, spelt out for a
// screen reader. At the very minute of dueAt a request is overdue; a quoted one shows the time left on its price.
import { CHASE_BEFORE_LAPSE_MS, isPromiseOwed } from '@server/contract/queues';
import type { ConsoleQueue, QueueStatus } from './queue-kinds';

export interface DueState {
  overdue: boolean;
  /** The promise was kept (a quote sent, the call made): nothing is due, whatever the clock says. */
  answered: boolean;
  /** 'Due in 3 h 20 min', 'Overdue by 1 d 2 h'. */
  text: string;
  /** 'Due in 3 hours 20 minutes', 'Overdue by 1 day 2 hours'. */
  spoken: string;
}

const MINUTE = 60_000;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A span of time in its two largest units, rounded down: '1 d 2 h', '3 h 20 min', '5 min', 'less than 1 min'. */
export function spanText(ms: number): { text: string; spoken: string } {
  const minutes = Math.floor(Math.abs(ms) / MINUTE);
  if (minutes < 1) return { text: 'less than 1 min', spoken: 'less than a minute' };
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts: [number, string, string][] =
    days > 0
      ? [
          [days, 'd', 'day'],
          [hours, 'h', 'hour'],
        ]
      : hours > 0
        ? [
            [hours, 'h', 'hour'],
            [mins, 'min', 'minute'],
          ]
        : [[mins, 'min', 'minute']];
  const shown = parts.filter(([n], i) => i === 0 || n > 0);
  return { text: shown.map(([n, short]) => `${n} ${short}`).join(' '), spoken: shown.map(([n, , word]) => plural(n, word)).join(' ') };
}

const ANSWERED: Record<ConsoleQueue, string> = { quotes: 'Quote sent', callbacks: 'Called', claims: 'Contacted' };

/** A price sent on a quote request: until when it stands, and whether the customer took it. */
interface PriceSent {
  validUntil: string;
  acceptance: unknown;
}

/**
 * A quoted request awaiting the customer's answer: 'Price valid 5 h 20 min', marked once it lapses within two hours
 * (it is chased then), 'Lapsed' after; 'Price accepted' once taken (the policy is issued next).
 */
function priceState(offer: PriceSent, now: number): DueState {
  if (offer.acceptance) return { overdue: false, answered: true, text: 'Price accepted', spoken: 'Price accepted' };
  const left = Date.parse(offer.validUntil) - now;
  if (left <= 0) return { overdue: true, answered: false, text: 'Lapsed', spoken: 'Price lapsed' };
  const span = spanText(left);
  return { overdue: left <= CHASE_BEFORE_LAPSE_MS, answered: false, text: `Price valid ${span.text}`, spoken: `Price valid for ${span.spoken}` };
}

/** Where a request stands at `now`; null once closed. Only one still owed its answer (contract/queues.ts) is due. */
export function dueState(request: { dueAt: string; status: QueueStatus; offer?: PriceSent | null }, now: number, kind: ConsoleQueue): DueState | null {
  if (request.status === 'closed') return null;
  if (request.status === 'quoted' && request.offer) return priceState(request.offer, now);
  if (!isPromiseOwed(kind, request.status)) return { overdue: false, answered: true, text: ANSWERED[kind], spoken: ANSWERED[kind] };
  const left = Date.parse(request.dueAt) - now;
  const span = spanText(left);
  return left > 0
    ? { overdue: false, answered: false, text: `Due in ${span.text}`, spoken: `Due in ${span.spoken}` }
    : { overdue: true, answered: false, text: `Overdue by ${span.text}`, spoken: `Overdue by ${span.spoken}` };
}
