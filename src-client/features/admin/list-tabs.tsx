// The users, policies and logs tabs of the console (SPEC.md §2 "/admin": columns, badges, 'N/A', 12-hour
// times, 'N total entries'). They show a page the console has fetched and report what the person asks for.
import { toTwelveHour } from '../../../src-server/contract/time';
import type { LogEntryView } from '../../../src-server/features/logs/service';
import type { PolicyView } from '../../../src-server/features/policies/service';
import type { UserView } from '../../../src-server/features/users/service';
import { Button } from '../../components/button';
import type { ListPage } from './admin-api';
import { LevelBadge, RoleBadge, StatusBadge } from './badges';
import { Pager, TableSection } from './table-section';

interface Paging {
  page: number;
  onPage: (page: number) => void;
}

export function UsersTab({
  data,
  isOwner,
  onAdd,
  onEdit,
  onDelete,
  onViewPolicies,
  ...paging
}: Paging & {
  data: ListPage<UserView> | undefined;
  isOwner: boolean;
  onAdd: () => void;
  onEdit: (user: UserView) => void;
  onDelete: (user: UserView) => void;
  onViewPolicies: (user: UserView) => void;
}) {
  return (
    <TableSection
      title="Users"
      aside={<Button onClick={onAdd}>Add User</Button>}
      columns={['Username', 'Email', 'Role', 'Actions']}
      footer={<Pager {...paging} total={data?.total ?? 0} />}
    >
      {(data?.items ?? []).map((u) => {
        const locked = !isOwner && (u.isAdmin || u.isOwner);
        const lockedBy = locked ? `locked-${u.id}` : undefined;
        return (
          <tr key={u.id} className="border-b border-slate-200">
            <td className="p-2 font-semibold">{u.username}</td>
            <td className="p-2">{u.email}</td>
            <td className="p-2">
              <RoleBadge user={u} />
            </td>
            <td className="p-2">
              <div className="flex flex-wrap items-center gap-2">
                <Button variant="secondary" disabled={locked} aria-describedby={lockedBy} onClick={() => onEdit(u)} aria-label={`Edit ${u.username}`}>
                  Edit
                </Button>
                <Button variant="danger" disabled={locked} aria-describedby={lockedBy} onClick={() => onDelete(u)} aria-label={`Delete ${u.username}`}>
                  Delete
                </Button>
                <Button variant="ghost" aria-label={`View policies of ${u.username}`} onClick={() => onViewPolicies(u)}>
                  View policies
                </Button>
                {locked ? (
                  <span id={lockedBy} className="text-sm text-ink-muted">
                    Only an owner can change admins and owners
                  </span>
                ) : null}
              </div>
            </td>
          </tr>
        );
      })}
    </TableSection>
  );
}

/** A policy's label in the console: its number, or its id for a row made before numbers existed. */
export const policyLabel = (p: PolicyView) => p.policyNumber || String(p.id);

export function PoliciesTab({
  data,
  onAdd,
  onEdit,
  onDelete,
  ...paging
}: Paging & { data: ListPage<PolicyView> | undefined; onAdd: () => void; onEdit: (policy: PolicyView) => void; onDelete: (policy: PolicyView) => void }) {
  return (
    <TableSection
      title="Policies"
      aside={<Button onClick={onAdd}>Add Policy</Button>}
      columns={['Policy #', 'Username', 'Holder', 'Vehicle', 'Start Date/Time', 'End Date/Time', 'Status', 'Actions']}
      footer={<Pager {...paging} total={data?.total ?? 0} />}
    >
      {(data?.items ?? []).map((p) => {
        const label = policyLabel(p);
        return (
          <tr key={p.id} className="border-b border-slate-200">
            <td className="p-2 font-semibold">{label}</td>
            <td className="p-2">{p.username ?? 'N/A'}</td>
            <td className="p-2">{p.holderName}</td>
            <td className="p-2">{p.carModel}</td>
            <td className="p-2 whitespace-nowrap">
              {p.startDate} {toTwelveHour(p.startTime)}
            </td>
            <td className="p-2 whitespace-nowrap">
              {p.endDate} {toTwelveHour(p.endTime)}
            </td>
            <td className="p-2">
              <StatusBadge status={p.status} />
            </td>
            <td className="p-2">
              <div className="flex gap-2">
                <Button variant="secondary" aria-label={`Edit policy ${label}`} onClick={() => onEdit(p)}>
                  Edit
                </Button>
                <Button variant="danger" aria-label={`Delete policy ${label}`} onClick={() => onDelete(p)}>
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        );
      })}
    </TableSection>
  );
}

export function LogsTab({ data, formatTimestamp, ...paging }: Paging & { data: ListPage<LogEntryView> | undefined; formatTimestamp: (iso: string) => string }) {
  return (
    <div>
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-xl font-bold text-ink">Logs</h2>
        <p className="text-ink-muted">{data?.total ?? 0} total entries</p>
      </div>
      <ul className="divide-y divide-slate-200">
        {(data?.items ?? []).map((l) => (
          <li key={l.id} className="flex flex-wrap items-center gap-3 py-3">
            <LevelBadge level={l.level} />
            <span className="font-semibold">{l.action}</span>
            <span className="text-ink-muted">{l.username ?? 'system'}</span>
            <time dateTime={l.timestamp} className="ml-auto text-sm text-ink-muted">
              {formatTimestamp(l.timestamp)}
            </time>
          </li>
        ))}
      </ul>
      <Pager {...paging} total={data?.total ?? 0} />
    </div>
  );
}
