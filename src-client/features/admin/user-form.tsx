// Add/Edit User (SPEC.md §5): the contract's createUserInput / updateUserInput validate here as on the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { createUserInput, updateUserInput, type CreateUserInput } from '../../../src-server/contract/schemas';
import type { UserView } from '../../../src-server/features/users/service';
import { Button } from '../../components/button';
import { CheckboxField, TextField } from '../../components/field';
import { ApiError } from '../../lib/api';

export interface UserFormValues {
  username: string;
  email: string;
  password: string;
  isAdmin: boolean;
  isOwner: boolean;
}

export type UserPayload = Omit<CreateUserInput, 'password'> & { password?: string | undefined };

export function UserForm({
  user,
  canSetRoles,
  onSubmit,
  onCancel,
}: {
  user: UserView | null;
  canSetRoles: boolean;
  onSubmit: (values: UserPayload) => Promise<void>;
  onCancel: () => void;
}) {
  const schema = user ? updateUserInput : createUserInput;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
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

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        let mapped = false;
        for (const [name, msgs] of Object.entries(err.fieldErrors)) {
          if (name in ({ username: 1, email: 1, password: 1, isAdmin: 1, isOwner: 1 } as const) && msgs[0]) {
            setError(name as keyof UserFormValues, { message: msgs[0] });
            mapped = true;
          }
        }
        if (mapped) return;
      }
      throw err;
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e).catch(() => undefined)} className="space-y-4">
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
