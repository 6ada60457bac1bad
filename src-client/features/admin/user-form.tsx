// Add/Edit User (docs/product.md#admin-console): the contract's createUserInput / updateUserInput validate here
// as on the server; the field messages of a refused save go on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { createUserInput, updateUserInput, type CreateUserInput } from '@server/contract/schemas';
import type { UserView } from '@server/contract/views';
import { Button } from '../../components/button';
import { CheckboxField, TextField } from '../../components/field';
import { failureOf, showServerFieldErrors } from '../../lib/call-errors';

export interface UserFormValues {
  username: string;
  email: string;
  password: string;
  isAdmin: boolean;
  isOwner: boolean;
}

export type UserPayload = Omit<CreateUserInput, 'password'> & { password?: string | undefined };

const FIELDS = ['username', 'email', 'password', 'isAdmin', 'isOwner'] as const;

export function UserForm({
  user,
  canSetRoles,
  onSubmit,
  onFailure,
  onCancel,
  onDirtyChange,
}: {
  user: UserView | null;
  canSetRoles: boolean;
  /** Saves; rejects with the server's refusal. */
  onSubmit: (values: UserPayload) => Promise<void>;
  /** A refusal none of whose messages belongs to a field of this form. */
  onFailure: (err: unknown) => void;
  onCancel: () => void;
  /** Whether the form now differs from what it opened with (closing it then asks first). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const schema = user ? updateUserInput : createUserInput;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UserFormValues, unknown, UserPayload>({
    resolver: zodResolver(schema) as unknown as Resolver<UserFormValues, unknown, UserPayload>,
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      password: '',
      isAdmin: user?.isAdmin ?? false,
      isOwner: user?.isOwner ?? false,
    },
  });
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      // A 400's messages belong on the fields; any other refusal (a taken username: 409) gets the banner too.
      if (showServerFieldErrors(err, FIELDS, setError) === 0 || failureOf(err).status !== 400) onFailure(err);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <TextField label="Username" autoComplete="off" error={errors.username?.message} {...register('username')} />
      <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required={!user}
        hint={user ? 'Leave blank to keep the current password.' : undefined}
        error={errors.password?.message}
        {...register('password')}
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
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {user ? 'Update' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
