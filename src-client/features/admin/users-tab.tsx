// /admin/users (docs/product.md#admin-console, docs/product.md#roles). Each disabled button names its reason.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { UserView } from '@server/contract/views';
import { Button, buttonClass } from '../../components/button';
import { setImpersonateUserId, useSession } from '../../lib/session';
import { RoleBadge } from './badges';
import { DeleteDialog, UserDialog, type DeleteTarget } from './change-dialogs';
import { usersQuery } from './queries';
import { SecondFactorRulePanel } from './second-factor-rule';
import { listDepsOf } from './search';
import { ActionsCell, ListQueryFrame, TableSection, useListPager } from './table-section';

const route = getRouteApi('/_data/admin/users');

export function UsersTab() {
  const deps = listDepsOf(route.useSearch());
  const users = useQuery(usersQuery(deps));
  const pager = useListPager(deps.page, users.data);
  const me = useSession()?.user;
  const isOwner = me?.isOwner ?? false;
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ user: UserView | null } | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);

  return (
    <ListQueryFrame query={users}>
      {isOwner ? <SecondFactorRulePanel /> : null}
      <TableSection
        title="Users"
        aside={<Button onClick={() => setEditing({ user: null })}>Add User</Button>}
        columns={['Username', 'Email', 'Role', 'Actions']}
        footer={pager}
      >
        {(users.data?.items ?? []).map((u) => {
          // A closed account is kept as it was: read, never changed (docs/product.md#closed-accounts).
          const locked = u.closed || (!isOwner && (u.isAdmin || u.isOwner));
          const lockedBy = locked ? `locked-${u.id}` : undefined;
          const self = u.id === me?.id;
          const selfBy = self ? `self-${u.id}` : undefined;
          const deleteBy = [lockedBy, selfBy].filter(Boolean).join(' ') || undefined;
          return (
            <tr key={u.id} className="border-b border-slate-200 bg-white">
              <td className="p-2 font-semibold">{u.username}</td>
              <td className="p-2">
                {u.email}
                {u.emailVerified ? null : <span className="ml-2 text-sm whitespace-nowrap text-ink-muted">(not confirmed)</span>}
              </td>
              <td className="p-2">
                <RoleBadge user={u} />
              </td>
              <ActionsCell>
                <div className="flex flex-wrap items-center gap-2">
                  {/* One view of the customer (docs/product.md#one-view-of-a-customer). */}
                  <Link to="/admin/users/$id" params={{ id: String(u.id) }} className={buttonClass('secondary')} aria-label={`View ${u.username}`}>
                    View
                  </Link>
                  <Button variant="secondary" disabled={locked} aria-describedby={lockedBy} onClick={() => setEditing({ user: u })} aria-label={`Edit ${u.username}`}>
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    disabled={locked || self}
                    aria-describedby={deleteBy}
                    onClick={() => setDeleting({ type: 'user', id: u.id, label: u.username })}
                    aria-label={`Delete ${u.username}`}
                  >
                    Delete
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`View policies of ${u.username}`}
                    onClick={() => {
                      setImpersonateUserId(u.id);
                      void navigate({ to: '/dashboard' });
                    }}
                  >
                    View policies
                  </Button>
                  {locked ? (
                    <span id={lockedBy} className="text-sm text-ink-muted">
                      {u.closed ? 'Closed: kept with its policies, no sign-in' : 'Only an owner can change admins and owners'}
                    </span>
                  ) : null}
                  {self ? (
                    <span id={selfBy} className="text-sm text-ink-muted">
                      You cannot delete your own account
                    </span>
                  ) : null}
                </div>
              </ActionsCell>
            </tr>
          );
        })}
      </TableSection>
      {editing ? <UserDialog user={editing.user} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteDialog target={deleting} onClose={() => setDeleting(null)} /> : null}
    </ListQueryFrame>
  );
}
