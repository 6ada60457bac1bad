// Whether a policy is cover in force: the one rule for server and client (docs/product.md#policies-and-certificates).
// The stored status wins over the dates: only `active` is ever cover, and only between its start and end.
import type { PolicyStatus } from './schemas';
import { ukLocalToEpoch } from './time';

export type CoverState =
  /** Not confirmed yet (and not ended): no certificate. */
  | 'pending'
  /** Confirmed, starting later. */
  | 'upcoming'
  /** In force now. */
  | 'live'
  /** Expired, cancelled, void, or past its end. */
  | 'ended';

export interface CoverTimes {
  status: PolicyStatus;
  /** UK local date YYYY-MM-DD and 24-hour time HH:MM, as policies carry them. */
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/** The policy's start and end instants (epoch ms), read as UK local time. */
export function coverWindow(p: Omit<CoverTimes, 'status'>): { startAt: number; endAt: number } {
  return { startAt: ukLocalToEpoch(p.startDate, p.startTime), endAt: ukLocalToEpoch(p.endDate, p.endTime) };
}

/** The state of a policy at `now` (epoch ms), from its instants. */
export function coverStateAt(status: PolicyStatus, startAt: number, endAt: number, now: number): CoverState {
  if (status === 'cancelled' || status === 'expired' || status === 'void' || now >= endAt) return 'ended';
  if (status === 'pending') return 'pending';
  return now < startAt ? 'upcoming' : 'live';
}

export function coverState(p: CoverTimes, now: number): CoverState {
  const { startAt, endAt } = coverWindow(p);
  return coverStateAt(p.status, startAt, endAt, now);
}

/** Whether a certificate exists: for confirmed cover only (in force, to come, or ended, as a record); never for void. */
export const hasCertificate = (status: PolicyStatus): boolean => status !== 'pending' && status !== 'void';
