// The console's coloured badges: roles, policy statuses, log levels (docs/product.md#admin-console) and request
// statuses (docs/product.md#staff-queues).
import type { ReactNode } from 'react';
import { coverState, type CoverTimes } from '@server/contract/cover';
import type { PolicyStatus } from '@server/contract/schemas';
import type { UserView } from '@server/contract/views';
import { formatUkDate, policyStatusLabels } from './format';
import { statusLabel, type ConsoleQueue, type QueueStatus } from './queue-kinds';

export function Badge({ tone, children }: { tone: 'green' | 'red' | 'yellow' | 'blue' | 'slate'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-900',
    red: 'bg-red-100 text-red-900',
    yellow: 'bg-yellow-100 text-yellow-900',
    blue: 'bg-brand-50 text-brand-800',
    slate: 'bg-slate-100 text-slate-900',
  } as const;
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${tones[tone]}`}>{children}</span>;
}

export function RoleBadge({ user }: { user: UserView }) {
  // Closed instead of deleted: no sign-in, no role (docs/product.md#closed-accounts).
  if (user.closed) return <Badge tone="red">Closed</Badge>;
  if (user.isOwner) return <Badge tone="blue">Owner</Badge>;
  if (user.isAdmin) return <Badge tone="yellow">Admin</Badge>;
  return <Badge tone="slate">User</Badge>;
}

const STATUS_TONES = { active: 'green', pending: 'yellow', expired: 'red', cancelled: 'slate', void: 'slate' } as const satisfies Record<PolicyStatus, string>;

/** Whether a confirmed policy's cover is still to come (the contract's one cover rule). */
function startsLater(policy: CoverTimes, now: number): boolean {
  try {
    return coverState(policy, now) === 'upcoming';
  } catch {
    // A date the rule cannot read: show the stored status, as for any other policy.
    return false;
  }
}

/** A policy's stored status; an active one not yet started says when it starts, so staff never take it for cover in force. */
export function StatusBadge({ policy, now }: { policy: CoverTimes; now: number }) {
  if (policy.status === 'active' && startsLater(policy, now)) return <Badge tone="blue">Starts {formatUkDate(policy.startDate)}</Badge>;
  return <Badge tone={STATUS_TONES[policy.status] ?? 'slate'}>{policyStatusLabels[policy.status] ?? policy.status}</Badge>;
}

export function LevelBadge({ level }: { level: string | null | undefined }) {
  const l = level || 'info';
  return <Badge tone={l === 'error' ? 'red' : l === 'warning' ? 'yellow' : 'green'}>{l}</Badge>;
}

const REQUEST_STATUS_TONES = {
  new: 'blue',
  contacted: 'yellow',
  quoted: 'green',
  'passed-to-insurer': 'green',
  closed: 'slate',
} as const satisfies Record<QueueStatus, string>;

/** A request's or claim's status: new blue, contacted yellow, quoted (or with the insurer) green, closed grey. */
export function RequestStatusBadge({ status, kind = 'quotes' }: { status: QueueStatus; kind?: ConsoleQueue }) {
  return <Badge tone={REQUEST_STATUS_TONES[status] ?? 'slate'}>{statusLabel(kind, status)}</Badge>;
}

/** Someone was hurt: the claim is due within the opening hour (docs/product.md#staff-queues), said in words. */
export function InjuriesBadge({ injuries }: { injuries: boolean }) {
  return injuries ? <Badge tone="red">Someone hurt</Badge> : <span className="text-ink-muted">No</span>;
}
