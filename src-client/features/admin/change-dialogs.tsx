// The console's change dialogs (docs/product.md#changing-users-and-policies): Add/Edit User, Add/Edit Policy and
// the delete confirmation, each showing '{Action} Failed' with the server's message on a refusal.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { coverState } from '@server/contract/cover';
import { productLabels } from '@server/contract/products';
import type { PolicyInput } from '@server/contract/schemas';
import type { HeldCoverView, PolicyView, UserView } from '@server/contract/views';
import { Button } from '../../components/button';
import { useSession } from '../../lib/session';
import { useNow } from '../../lib/use-now';
import { FormDialog, Modal } from '../../components/dialog';
import { PolicyActions } from './policy-actions';
import { PolicyHistory } from './policy-history';
import { PolicyPayments } from './policy-payments';
import { formatUkDate, formatUkDateTime } from './format';
import { useCreatePolicy, useCreateUser, useDeletePolicy, useDeleteUser, useUpdatePolicy, useUpdateUser } from './mutations';
import { actionFailure, ErrorBanner, loadFailure, useNotify } from '../../components/notices';
import { heldCoverQuery } from './queries';
import { PolicyForm } from './policy-form';
import { UserForm, type UserPayload } from './user-form';

export function UserDialog({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  const isOwner = useSession()?.user.isOwner ?? false;
  const notify = useNotify();
  const create = useCreateUser();
  const update = useUpdateUser();

  const save = async (values: UserPayload) => {
    const body = { username: values.username, email: values.email, isAdmin: values.isAdmin, isOwner: values.isOwner, ...(values.password ? { password: values.password } : {}) };
    if (user) await update.mutateAsync({ id: user.id, data: body });
    else await create.mutateAsync({ ...body, password: values.password ?? '' });
    notify({ tone: 'success', text: user ? 'User updated successfully' : 'User created successfully' });
    onClose();
  };

  return (
    <FormDialog title={user ? 'Edit User' : 'Add User'} action={user ? 'Update User' : 'Create User'} onSave={save} onClose={onClose}>
      {(form) => <UserForm user={user} canSetRoles={isOwner} {...form} />}
    </FormDialog>
  );
}

export function PolicyDialog({ policy, onClose }: { policy: PolicyView | null; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreatePolicy();
  const update = useUpdatePolicy();

  const save = async (values: PolicyInput) => {
    if (policy) await update.mutateAsync({ id: policy.id, data: values });
    else await create.mutateAsync(values);
    notify({ tone: 'success', text: policy ? 'Policy updated successfully' : 'Policy created successfully' });
    onClose();
  };

  return (
    <FormDialog title={policy ? 'Edit Policy' : 'Add Policy'} action={policy ? 'Update Policy' : 'Create Policy'} onSave={save} onClose={onClose}>
      {(form) => (
        <>
          <PolicyForm policy={policy} {...form} />
          {policy ? <PolicyPayments id={policy.id} /> : null}
          {policy ? <PolicyActions policy={policy} onDone={onClose} /> : null}
          {policy ? <PolicyHistory id={policy.id} /> : null}
        </>
      )}
    </FormDialog>
  );
}

export interface DeleteTarget {
  type: 'user' | 'policy';
  id: number;
  /** What the person is deleting: a username or a policy number. */
  label: string;
}

export function DeleteDialog({ target, onClose }: { target: DeleteTarget; onClose: () => void }) {
  const notify = useNotify();
  const deleteUser = useDeleteUser();
  const deletePolicy = useDeletePolicy();
  const Type = target.type === 'user' ? 'User' : 'Policy';
  const pending = deleteUser.isPending || deletePolicy.isPending;
  const questionId = useId();
  const coverId = useId();
  // An account's cover is read before the question can be answered, so nobody confirms without seeing it.
  const held = useQuery({ ...heldCoverQuery(target.id), enabled: target.type === 'user' });
  const checking = target.type === 'user' && held.isPending;

  const remove = async () => {
    try {
      if (target.type === 'user') {
        const { closed } = await deleteUser.mutateAsync({ id: target.id });
        // One that holds policies is closed, not deleted (docs/product.md#closed-accounts): staff are told which.
        notify({ tone: 'success', text: closed ? 'User account closed: it holds policies, so it is kept and can no longer sign in' : 'User deleted successfully' });
      } else {
        await deletePolicy.mutateAsync({ id: target.id });
        notify({ tone: 'success', text: 'Policy deleted successfully' });
      }
    } catch (err) {
      notify({ tone: 'error', ...actionFailure(`Delete ${Type}`, err) });
    }
    onClose();
  };

  return (
    <Modal title={`Delete ${target.type}`} onClose={onClose} role="alertdialog" describedBy={target.type === 'user' ? `${questionId} ${coverId}` : questionId}>
      <p id={questionId}>
        Are you sure you want to delete this {target.type}? This action cannot be undone.
        {target.type === 'user' ? ' An account that holds any policy is closed instead: kept with its policies, and it can no longer sign in.' : ''}
      </p>
      <p className="mt-2 font-semibold">{target.label}</p>
      {target.type === 'user' ? (
        <div id={coverId}>
          {held.isError ? (
            <ErrorBanner
              failure={{
                ...loadFailure(held.error),
                title: 'Could not check the cover this account holds',
                message: `${loadFailure(held.error).message} Any policies it holds are kept and stay visible to staff.`,
              }}
              onRetry={() => void held.refetch()}
            />
          ) : held.data ? (
            <HeldCover username={target.label} cover={held.data} />
          ) : (
            <p role="status" className="mt-4 text-ink-muted">
              Checking the cover this account holds...
            </p>
          )}
        </div>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={pending || checking} onClick={() => void remove()}>
          Delete
        </Button>
      </div>
    </Modal>
  );
}

/** How a held policy's cover stands now: in force, starting later, or not confirmed yet. */
function coverNote(p: HeldCoverView['policies'][number], now: number): string {
  let state: ReturnType<typeof coverState> | null = null;
  try {
    state = coverState(p, now);
  } catch {
    // A date the rule cannot read: the dates are still listed.
  }
  if (state === 'live') return 'in force now';
  if (state === 'upcoming') return `starts ${formatUkDate(p.startDate)}`;
  if (state === 'pending') return 'awaiting confirmation';
  return p.status;
}

/** The policies whose cover has not ended, named before the account goes: they stay, without an owner. */
function HeldCover({ username, cover }: { username: string; cover: HeldCoverView }) {
  const now = useNow(60_000);
  const n = cover.policies.length;
  if (n === 0) return <p className="mt-4">{username} holds no live, upcoming or pending cover.</p>;
  return (
    <div className="mt-4 rounded-md border-l-4 border-yellow-600 bg-yellow-50 p-4 text-ink">
      <p className="font-semibold">
        {username} holds {n === 1 ? '1 policy' : `${n} policies`} whose cover has not ended:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {cover.policies.map((p) => (
          <li key={p.id}>
            <span className="font-semibold">{p.policyNumber}</span>: {productLabels[p.product]}, {formatUkDateTime(p.startDate, p.startTime)} to{' '}
            {formatUkDateTime(p.endDate, p.endTime)} ({coverNote(p, now)})
          </li>
        ))}
      </ul>
      <p className="mt-2">{n === 1 ? 'This policy is' : 'These policies are'} kept: the account is closed, not deleted, and staff still see them under Policies.</p>
    </div>
  );
}
