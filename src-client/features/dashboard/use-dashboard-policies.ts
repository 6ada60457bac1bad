// The dashboard's policy list (SPEC.md §7): GET /api/user/policies for the signed-in customer, or
// GET /api/admin/users/{id}/policies while an admin impersonates; either answers an array or { policies }.
// DECISIONS.md "Offline": after an online load the customer's list and their active certificates are kept
// on the device; with no network the kept list answers instead, marked offline with when it was saved.
// Nothing is kept or read while impersonating (another person's data stays off the admin's device).
import { useQuery } from '@tanstack/react-query';
import type { PolicyView } from '../../../src-server/features/policies/service';
import { ApiError, apiFetch } from '../../lib/api';
import { readPoliciesSnapshot, savePoliciesSnapshot } from '../../lib/personal-cache';
import type { Session } from '../../lib/session';
import { cacheActiveCertificates } from './certificate-actions';
import { hasReadableWindow, policyState } from './policy-time';

export interface DashboardPolicies {
  policies: PolicyView[];
  /** True when the list came from the device because the network could not be reached. */
  offline: boolean;
  /** epoch ms the offline copy was fetched online; null for a live answer */
  savedAt: number | null;
}

/** Thrown when the network itself failed (offline, DNS, connection refused) and no kept copy exists. */
export class NetworkError extends Error {}

export const dashboardPoliciesKey = (userId: number, impersonateUserId: number | null) =>
  ['dashboard-policies', userId, impersonateUserId ?? 'self'] as const;

/** SPEC.md §7: an array of policies, or an object with a `policies` field. Anything else is an empty list. */
export function policiesFromBody(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object' && Array.isArray((body as { policies?: unknown }).policies)) {
    return (body as { policies: unknown[] }).policies;
  }
  return [];
}

/**
 * The entries a card can show: objects whose dates can be read. Text fields that are missing become ''
 * (the card then says so, e.g. 'Policy number not available.').
 */
export function toPolicyViews(list: unknown[]): PolicyView[] {
  const out: PolicyView[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const p = item as Partial<Record<keyof PolicyView, unknown>>;
    const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
    const view = {
      id: typeof p.id === 'number' ? p.id : Number(p.id ?? 0),
      policyNumber: text(p.policyNumber),
      userId: typeof p.userId === 'number' ? p.userId : null,
      username: typeof p.username === 'string' ? p.username : null,
      holderName: text(p.holderName),
      carModel: text(p.carModel),
      driverName: text(p.driverName),
      licenseNumber: text(p.licenseNumber),
      registration: typeof p.registration === 'string' && p.registration ? p.registration : null,
      startDate: text(p.startDate),
      startTime: text(p.startTime),
      endDate: text(p.endDate),
      endTime: text(p.endTime),
      status: (typeof p.status === 'string' ? p.status : 'active') as PolicyView['status'],
    } satisfies PolicyView;
    if (hasReadableWindow(view)) out.push(view);
  }
  return out;
}

/** Fire and forget: the offline copy is a convenience, never a reason for the page to fail. */
function keep(task: () => Promise<void>): void {
  try {
    task().catch(() => undefined);
  } catch {
    // A synchronous throw is ignored the same way.
  }
}

export async function fetchDashboardPolicies(
  session: Pick<Session, 'user'>,
  impersonateUserId: number | null,
  signal?: AbortSignal,
): Promise<DashboardPolicies> {
  const impersonating = impersonateUserId !== null;
  const path = impersonating ? `/admin/users/${impersonateUserId}/policies` : '/user/policies';
  let res: Response;
  try {
    res = await apiFetch(path, signal ? { signal } : {});
  } catch (err) {
    // A cancelled query is not "offline".
    if (signal?.aborted) throw err;
    if (!impersonating) {
      const snapshot = await readPoliciesSnapshot(session.user.id).catch(() => null);
      if (snapshot) return { policies: toPolicyViews(snapshot.policies), offline: true, savedAt: snapshot.savedAt };
    }
    throw new NetworkError(err instanceof Error ? err.message : String(err));
  }
  if (!res.ok) throw new ApiError(res.status, `Request failed (${res.status})`);
  const raw = policiesFromBody(await res.json());
  const policies = toPolicyViews(raw);
  if (!impersonating) {
    const userId = session.user.id;
    const savedAt = Date.now();
    keep(() => savePoliciesSnapshot(userId, raw, savedAt));
    const active = policies.filter((p) => p.policyNumber && policyState(p, savedAt) === 'active').map((p) => p.policyNumber);
    keep(() => cacheActiveCertificates(userId, active));
  }
  return { policies, offline: false, savedAt: null };
}

export function useDashboardPolicies(session: Pick<Session, 'user'>, impersonateUserId: number | null) {
  return useQuery({
    queryKey: dashboardPoliciesKey(session.user.id, impersonateUserId),
    queryFn: ({ signal }) => fetchDashboardPolicies(session, impersonateUserId, signal),
    // Run even when the browser says it is offline: the query function answers from the kept copy then.
    networkMode: 'always',
    // No silent retries: offline shows the kept copy at once, and a failure offers 'Try again'.
    retry: false,
  });
}
