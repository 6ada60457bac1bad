// The console's coloured badges: roles, policy statuses and log levels (SPEC.md §2 "/admin").
import type { ReactNode } from 'react';
import type { UserView } from '../../../src-server/features/users/service';

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
  if (user.isOwner) return <Badge tone="blue">Owner</Badge>;
  if (user.isAdmin) return <Badge tone="yellow">Admin</Badge>;
  return <Badge tone="slate">User</Badge>;
}

export function StatusBadge({ status }: { status: string }) {
  const tone = status === 'active' ? 'green' : status === 'expired' ? 'red' : 'yellow';
  return <Badge tone={tone}>{status}</Badge>;
}

export function LevelBadge({ level }: { level: string | null | undefined }) {
  const l = level || 'info';
  return <Badge tone={l === 'error' ? 'red' : l === 'warning' ? 'yellow' : 'green'}>{l}</Badge>;
}
