// The owner's rule on the Users tab (docs/product.md#second-factor-for-staff): require a second factor of every staff
// account. The owner must have one first; the server's refusal says so next to the switch.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { CheckboxField } from '../../components/field';
import { textLinkClass as linkClass } from '../../components/button';
import { failureOf } from '../../lib/call-errors';
import { trpcClient } from '../../lib/trpc';

const statusKey = ['account', 'secondFactor', 'status'] as const;

export function SecondFactorRulePanel() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: statusKey, queryFn: () => trpcClient.account.secondFactor.status.query(), retry: false });
  const change = useMutation({
    mutationFn: (required: boolean) => trpcClient.admin.secondFactorRule.mutate({ required }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
  const errorId = useId();
  const error = change.error ? failureOf(change.error).message : null;
  if (!status.data) return null;
  return (
    <section aria-labelledby="second-factor-rule-heading" className="mb-6 rounded-md border border-slate-200 bg-white p-4">
      <h2 id="second-factor-rule-heading" className="text-lg font-bold">
        Second factor for staff
      </h2>
      <p className="mb-3 text-sm text-ink-muted">
        {status.data.enrolled ? 'Yours is set up.' : 'You have none yet.'}{' '}
        <Link to="/account/two-factor" className={linkClass}>
          Manage your second factor
        </Link>
      </p>
      <CheckboxField
        name="required"
        label="Require a second factor for all staff"
        hint="Admins and owners without one are sent to set one up before the console opens."
        checked={status.data.required}
        disabled={change.isPending}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => change.mutate(e.target.checked)}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
