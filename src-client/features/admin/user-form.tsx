// Add/Edit User (docs/product.md#admin-console): the contract's createUserInput / updateUserInput validate here
// as on the server; the field messages of a refused save go on the fields.
import { createUserInput, updateUserInput, type CreateUserInput } from '@server/contract/schemas';
import type { UserView } from '@server/contract/views';
import { CheckboxField, TextField } from '../../components/field';
import { FormButtons, useDialogForm, type DialogFormProps } from '../../components/dialog';

export type UserPayload = Omit<CreateUserInput, 'password'> & { password?: string | undefined };

export function UserForm({ user, canSetRoles, ...handlers }: DialogFormProps<UserPayload> & { user: UserView | null; canSetRoles: boolean }) {
  const defaults = {
    username: user?.username ?? '',
    email: user?.email ?? '',
    password: '',
    isAdmin: user?.isAdmin ?? false,
    isOwner: user?.isOwner ?? false,
  };
  const { field, register, submit, isSubmitting } = useDialogForm<typeof defaults, UserPayload>(user ? updateUserInput : createUserInput, defaults, handlers);

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField label="Username" autoComplete="off" {...field('username')} />
      <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required={!user}
        hint={user ? 'Leave blank to keep the current password.' : undefined}
        {...field('password')}
      />
      <fieldset>
        <legend className="font-semibold text-ink">Roles</legend>
        <div className="mt-2 space-y-2">
          <CheckboxField label="Admin" disabled={!canSetRoles} aria-describedby={canSetRoles ? undefined : 'role-reason'} {...register('isAdmin')} />
          <CheckboxField label="Owner" disabled={!canSetRoles} aria-describedby={canSetRoles ? undefined : 'role-reason'} {...register('isOwner')} />
        </div>
        {canSetRoles ? null : (
          <p id="role-reason" className="mt-2 text-sm text-ink-muted">
            Only an owner can change roles
          </p>
        )}
      </fieldset>
      <FormButtons onCancel={handlers.onCancel} busy={isSubmitting} label={user ? 'Update' : 'Create'} />
    </form>
  );
}
